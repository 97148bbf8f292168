/** Text made safe for HTML text and attribute values, for the few pages the HTTP layer writes by hand. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
