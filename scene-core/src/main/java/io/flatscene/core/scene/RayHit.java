package io.flatscene.core.scene;

/** An item a ray query hit, and the distance along the ray at which the ray enters the item's world bounds. */
public record RayHit(Item item, float distance) {
}
