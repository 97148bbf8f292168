// GET /licensing-mgmt/licenses?correlationId=<tenant_id>: the query is the contract's (shared with the client library).
export { licensesByCorrelationIdQuerySchema, MAX_LICENSES_PAGE } from '../../../sdk/src/contract/management';
