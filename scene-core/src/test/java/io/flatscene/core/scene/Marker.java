package io.flatscene.core.scene;

/** A test-only kind of movable object: a marker with one float, its weight, kept in a column of its kind's store. */
final class Marker extends MovableObject {
    private final MarkerKind markers;

    Marker(MarkerKind kind, String name) {
        super(kind, name);
        this.markers = kind;
    }

    float weight() {
        checkReadable("the weight");
        return markers.weights.values()[globalIndex];
    }

    Marker setWeight(float weight) {
        checkAlive();
        if (!Float.isFinite(weight)) {
            throw new IllegalArgumentException(describe() + ": weight " + weight + " must be finite");
        }
        checkWritable();
        markers.weights.values()[globalIndex] = weight;
        return this;
    }
}
