package io.flatscene.core.scene;

import io.flatscene.core.container.FloatColumn;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.scene.file.FileColumn;
import io.flatscene.core.scene.file.KindFormat;
import io.flatscene.core.scene.file.ObjectRecords;
import java.util.List;

/**
 * The markers' kind, declared by the tests alone: the proof that a kind of movable object is its object class, its
 * kind class and one {@link ObjectKind.Declaration}, with no line in the scene, its nodes, the codec or the config.
 */
final class MarkerKind extends ObjectKind<Marker> {
    /** Below the markers a test creates, so that they grow the store. */
    static final int CAPACITY = 4;
    static final KindFormat FORMAT = new KindFormat("marker", "markers", false, List.of(FileColumn.floats(1)),
            (image, records, row) -> Float.isFinite(records.floats(0)[row]) ? null
                    : "marker " + row + " has weight " + records.floats(0)[row] + ", which must be finite");
    static final Declaration DECLARATION = new Declaration(FORMAT, MarkerKind::new);

    final FloatColumn weights;

    MarkerKind(Context context) {
        super(context, Marker.class, FORMAT, "test.markers", CAPACITY, GrowthPolicy.GROW);
        this.weights = store.columns().addFloatColumn();
    }

    Marker create(String name, float weight) {
        return scene.changes().createObject("a new marker '" + name + "'", () -> add(new Marker(this, name)))
                .setWeight(weight);
    }

    @Override
    void save(Marker marker, ObjectRecords records, int row, AssetTables assets) {
        records.floats(0)[row] = weights.values()[marker.globalIndex];
    }

    @Override
    Marker load(ObjectRecords records, int row, String name, AssetTables assets) {
        return create(name, records.floats(0)[row]);
    }
}
