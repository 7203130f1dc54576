/**
 * The one message every page's API client needs (a failed call). In a module of its own: a
 * bundler places a whole module in one chunk, so if it lived beside MSG, the moment any page
 * used MSG the whole table would ride along with the API client on every page.
 */
export const SERVER_ERROR_MESSAGE = "Une erreur interne est survenue. Veuillez réessayer.";
