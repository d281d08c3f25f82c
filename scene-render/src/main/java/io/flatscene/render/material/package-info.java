/** Surfaces as pure data; the renderer's {@link io.flatscene.render.MaterialRegistry} puts them on the GPU. */
package io.flatscene.render.material;
