/** toolsift's version, as package.json has it (src/version.test.ts holds them equal): how it introduces itself to MCP peers. */
export const TOOLSIFT_VERSION = "0.2.0";
