/**
 * Triangle meshes as checked, immutable data, and the procedural ones built in (cube, sphere, plane). No GL here:
 * the renderer's {@link io.flatscene.render.MeshRegistry} uploads them.
 */
package io.flatscene.render.mesh;
