// What other features use of mail; everything else in this folder is the feature's own.

// the service features queue e-mail through (in their transaction), and the plugin's options they pass on
export type { MailPluginOptions, MailService } from './mail-plugin.ts';
// what a rendered e-mail is, and the lists of linked items an e-mail may carry
export type { MailList, MailListItem, RenderedMail } from './render-mail.ts';
// a feature's own check, asked again at delivery, of whether an e-mail may still go out
export type { DeliveryCheck } from './delivery-checks.ts';
// the recipient of a batched e-mail, locked so two workers cannot send one batch twice
export { lockMailRecipient } from './lock-recipient.ts';
// the token of an e-mail's unsubscribe link, checked where the link lands
export { verifyUnsubscribeToken } from './unsubscribe-token.ts';
// text made safe for HTML, for the server-rendered pages that mail links open
export { escapeHtml } from './render-mail.ts';
