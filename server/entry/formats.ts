// What the pages' formatting needs of the core (app/components/formats.ts): two pure functions. Its
// own entry because the root layout bundles it into every page's script, and server/entry/shared.ts
// brings every form schema with zod (about 110 KB) to pages that have no form.
export { minorUnitDigits } from '../catalog/money';
export { acceptLanguageTags } from '../platform/accept-language';
