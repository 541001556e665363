// The set lives in catalogue/, below mcp/, whose stderr lines are escaped with it too.
export { HIDDEN_CHARACTERS } from "../for-apps.js";
