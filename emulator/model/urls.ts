/**
 * The base URLs every answer's `uri` and the SAML SP URLs are built on: a leaf of `model/`, so
 * that what renders and what computes URLs need not import each other.
 */

/** Base URLs the renderings are built on. */
export interface UrlContext {
  /** API base URL, no trailing slash (e.g. `http://127.0.0.1:8787`). */
  apiBaseUrl: string;
  /** Base of the SAML SP URLs, no trailing slash. */
  samlBaseUrl: string;
}
