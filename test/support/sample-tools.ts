// The sample catalogue moved to src/testing (the public toolsift/testing); this stays for the
// tests that still import it from here.
export { sampleTools, toolUse, type SampleToolCall } from "../../src/testing/index.js";
