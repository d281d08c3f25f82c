package io.flatscene.core.scene;

/**
 * An item a ray query hit, and the distance along the ray at which the ray enters the item's world bounds.
 *
 * @param item     the item hit, as of the query
 * @param distance the distance in world units from the ray's origin to where it enters the item's world bounds,
 *                 whatever the length of the query's direction: 0 when the origin is inside them, at most the query's
 *                 maximum distance
 */
public record RayHit(Item item, float distance) {
}
