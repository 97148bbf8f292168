export declare function isThisMachine(host: string | null | undefined): boolean;
export declare function mayLookUp(hostname: string): boolean;
