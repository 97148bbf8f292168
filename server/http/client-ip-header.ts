/**
 * The client's address as the entry server resolved it (socket, or X-Forwarded-For behind
 * TRUST_PROXY proxies). The entry server overwrites whatever a client sends in this header.
 */
export const CLIENT_IP_HEADER = 'x-service-client-ip';
