/**
 * What a viewer draws over a finished frame: {@link io.flatscene.render.overlay.TextOverlay} for HUD text and
 * {@link io.flatscene.render.overlay.BoundsOverlay} for the bounding boxes of the items a frame drew. They live
 * here because this module is the only one that calls OpenGL.
 */
package io.flatscene.render.overlay;
