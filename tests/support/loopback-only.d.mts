export declare function isLoopbackHost(host: string | null | undefined): boolean;
export declare function mayLookUp(hostname: string): boolean;
