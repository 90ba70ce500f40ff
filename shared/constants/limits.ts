/** Version segment of the data model (spec sections 3 and 9), recorded in the database. */
export const DATA_VERSION = '0.0.3';

/** Spec section 9. */
export const USERNAME_MIN_LENGTH = 3;
export const PASSWORD_MIN_LENGTH = 6;
/** Page size of the subscribers and subscriptions lists. */
export const PAGE_SIZE = 20;
