// Types of node-runtime.mjs, for the server's entries that import it.
export declare const minimumNode: string;
export declare const nodeLine: number;
export declare const serverNodeFlags: readonly string[];
export declare const serverEnv: Readonly<Record<string, string>>;
export declare function isSupportedNode(version: string): boolean;
export declare function unsupportedNodeMessage(version?: string, execPath?: string): string | null;
export declare function exitUnlessSupportedNode(): void;
