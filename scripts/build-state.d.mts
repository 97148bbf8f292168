export declare const CORE_INPUTS: string[];
export declare const WEB_INPUTS: string[];
export declare const CORE_DIST_DIR: string;
export declare const WEB_DIST_DIR: string;
export declare function sourceHash(inputs: string[]): string;
export declare function recordBuild(distDir: string, hash: string): void;
export declare function coreIsCurrent(): boolean;
export declare function webIsCurrent(): boolean;
export declare function buildIsCurrent(options?: { dev?: boolean }): boolean;
