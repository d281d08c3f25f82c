/**
 * The render loop: {@link io.flatscene.render.Renderer} turns a scene's render queue into GPU draws, with its
 * {@link io.flatscene.render.MeshRegistry} and {@link io.flatscene.render.MaterialRegistry}, configured by
 * {@link io.flatscene.render.RendererConfig}, and reports each frame in {@link io.flatscene.render.RenderStats}.
 */
package io.flatscene.render;
