/**
 * `toolsift/testing`: what you need to test your own tools and agent loops without a real model.
 *
 * @module
 */
export {};
