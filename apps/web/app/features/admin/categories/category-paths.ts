/** The back-office's 'Catégories' page (decision 046). */
export const CATEGORIES_PATH = "/admin-panel/categories";
