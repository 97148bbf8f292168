// What a browser bundle gets for the core: Next refuses to build a client component that reaches it.
import 'server-only';
