// Model folders built on the user's machine from a pinned source (`toolsift model build`). Only
// the CLI and the repository's scripts import this folder; the library never does.
export { buildUseLiteOnnx, readUseLiteSource, type UseLiteOnnxBuildOptions } from "./build-use-lite-onnx.js";
export { buildGloveModel, GLOVE_CHOICES, GLOVE_PACKAGE, type GloveBuildOptions } from "./glove/build-glove.js";
export { ModelBuildError } from "./model-build-error.js";
export type { UseLiteDtype } from "./use-lite-onnx.js";
export { USE_LITE_PACKAGE } from "./use-lite-package.js";
