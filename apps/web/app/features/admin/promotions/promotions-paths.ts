export const PROMOTIONS_PATH = "/admin-panel/promotions";
