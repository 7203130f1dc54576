export const DELIVERY_PATH = "/admin-panel/delivery";
