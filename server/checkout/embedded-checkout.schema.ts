// The request shapes of the embedded checkout are the contract's (shared with the client library).
export { embeddedCheckoutSchema, sessionResultRequestSchema, type EmbeddedCheckoutInput } from '../../sdk/src/contract/embedded-checkout';
