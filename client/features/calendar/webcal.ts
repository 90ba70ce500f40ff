/** The webcal:// form of an http(s) address: calendar apps open it as a subscription. */
export const webcalUrl = (url: string) => url.replace(/^https?:/i, 'webcal:');
