/**
 * What a frame is drawn into: an offscreen {@link io.flatscene.render.target.Framebuffer} FlatScene owns (headless
 * rendering, screenshots, tests) or an existing framebuffer (a window's, a game's), and reading its pixels back.
 */
package io.flatscene.render.target;
