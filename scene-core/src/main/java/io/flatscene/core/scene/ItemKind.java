package io.flatscene.core.scene;

import io.flatscene.core.config.SceneCapacity;
import io.flatscene.core.container.Index;
import io.flatscene.core.scene.file.FileColumn;
import io.flatscene.core.scene.file.KindFormat;
import io.flatscene.core.scene.file.ObjectRecords;
import io.flatscene.core.scene.file.SceneImage;
import io.flatscene.core.scene.frame.FramePipeline;
import io.flatscene.core.scene.store.ItemStore;
import io.flatscene.core.scene.store.TransformStore;
import java.util.List;

/**
 * The items' kind: their store with the structure-of-arrays {@link ItemStore} beside it, split into the attached
 * items and the detached ones, and the frame pipeline and query index told of every item that moves in the store.
 */
final class ItemKind extends ObjectKind<Item> {
    private static final int MESH = 0;
    private static final int MATERIAL = 1;
    private static final int LOCAL_CENTER = 2;
    private static final int LOCAL_HALF = 3;
    private static final int GROUP = 4;
    private static final int VISIBILITY = 5;
    private static final int QUERY = 6;
    private static final int TRANSPARENT = 7;
    private static final int TINT = 8;
    static final KindFormat FORMAT = new KindFormat("item", "items", true, List.of(FileColumn.ints(1),
            FileColumn.ints(1), FileColumn.floats(3), FileColumn.floats(3), FileColumn.ints(1), FileColumn.ints(1),
            FileColumn.ints(1), FileColumn.oneByte(), FileColumn.ints(1)), ItemKind::problem);

    final ItemStore data;
    /**
     * Items {@code [0, attached)} are attached to a node, the rest detached: an attachment or detachment swaps the item
     * across the boundary, so that the frame passes run over the attached ones only and a detached item costs them
     * nothing. New items arrive detached at the end, and an item is detached before it is destroyed, so the
     * swap-and-pop of creation and destruction keeps the split.
     */
    private int attached;
    private FramePipeline pipeline;
    private SceneQueries queries;

    ItemKind(Context context) {
        super(context, Item.class, FORMAT, SceneCapacity.ITEMS.key(), context.config().maxItems(),
                context.config().growthPolicy());
        this.data = new ItemStore(store.columns());
    }

    /** Gives the kind the two structures built over its store, which it tells of every item that moves in it. */
    void bind(FramePipeline framePipeline, SceneQueries sceneQueries) {
        this.pipeline = framePipeline;
        this.queries = sceneQueries;
    }

    /** {@return the number of attached items, which sit at global indices {@code [0, attached)}} */
    int attachedCount() {
        return attached;
    }

    Item create(String name, int meshId, int materialId, Aabb localAabb) {
        if (localAabb == null) {
            throw new IllegalArgumentException("item '" + name + "': local bounds must not be null");
        }
        if (meshId < 0 || materialId < 0) {
            throw new IllegalArgumentException("item '" + name + "': mesh id " + meshId + " and material id "
                    + materialId + " must be >= 0");
        }
        Item item = add(new Item(this, name));
        int index = item.globalIndex;
        data.setLocal(index, localAabb.centerX(), localAabb.centerY(), localAabb.centerZ(), localAabb.halfX(),
                localAabb.halfY(), localAabb.halfZ());
        data.init(index, meshId, materialId, Item.DEFAULT_RENDER_QUEUE_GROUP, Item.DEFAULT_VISIBILITY_FLAGS,
                Item.DEFAULT_QUERY_FLAGS);
        pipeline.itemMoved(index);
        return item;
    }

    @Override
    void attached(Item item, SceneNode node) {
        int index = item.globalIndex;
        if (node != null && index >= attached) {
            swap(index, attached++);
        } else if (node == null && index < attached) {
            swap(index, --attached);
        }
        data.attach(item.globalIndex, node == null ? Index.NONE : node.slot);
    }

    private void swap(int a, int b) {
        store.swap(a, b);
        pipeline.itemMoved(a);
        pipeline.itemMoved(b);
    }

    @Override
    void slotChanged(Item item, int slot) {
        data.nodeMoved(item.globalIndex, slot);
    }

    @Override
    void removed(Item item, int formerIndex) {
        pipeline.itemMoved(formerIndex);
        queries.destroyed(item);
    }

    @Override
    void validate(TransformStore transforms) {
        super.validate(transforms);
        int[] nodeSlot = data.nodeSlotArray();
        for (int i = 0; i < store.size(); i++) {
            SceneNode node = store.get(i).parentNode;
            if ((node != null) != (i < attached)) {
                throw new IllegalStateException(store.get(i).describe() + " at global index " + i + " is "
                        + (node == null ? "detached" : "attached") + " but the first " + attached
                        + " items are the attached ones");
            }
            int expected = node == null ? Index.NONE : transforms.slotOfId(node.id());
            if (nodeSlot[i] != expected) {
                throw new IllegalStateException(store.get(i).describe() + " keeps node slot " + nodeSlot[i]
                        + " but its node lives in slot " + expected);
            }
        }
        queries.validate(store.size());
    }

    @Override
    void save(Item item, ObjectRecords records, int row, AssetTables assets) {
        int g = item.globalIndex;
        records.ints(MESH)[row] = assets.meshEntry(data.meshIdArray()[g]);
        records.ints(MATERIAL)[row] = assets.materialEntry(data.materialIdArray()[g]);
        System.arraycopy(data.localCenterArray(), 3 * g, records.floats(LOCAL_CENTER), 3 * row, 3);
        System.arraycopy(data.localHalfArray(), 3 * g, records.floats(LOCAL_HALF), 3 * row, 3);
        records.ints(GROUP)[row] = data.renderQueueGroupArray()[g];
        records.ints(VISIBILITY)[row] = data.visibilityFlagsArray()[g];
        records.ints(QUERY)[row] = data.queryFlagsArray()[g];
        records.bytes(TRANSPARENT)[row] = (byte) data.transparentArray()[g];
        records.ints(TINT)[row] = data.tintArray()[g];
    }

    @Override
    Item load(ObjectRecords records, int row, String name, AssetTables assets) {
        float[] c = records.floats(LOCAL_CENTER);
        float[] h = records.floats(LOCAL_HALF);
        int o = 3 * row;
        Item item = scene.createItem(name, assets.meshId(records.ints(MESH)[row]),
                        assets.materialId(records.ints(MATERIAL)[row]),
                        new Aabb(c[o], c[o + 1], c[o + 2], h[o], h[o + 1], h[o + 2]))
                .setRenderQueueGroup(records.ints(GROUP)[row]).setVisibilityFlags(records.ints(VISIBILITY)[row])
                .setQueryFlags(records.ints(QUERY)[row]).setTransparent(records.bytes(TRANSPARENT)[row] != 0);
        int rgba = records.ints(TINT)[row];
        return item.setTint((rgba & 0xFF) / 255f, (rgba >>> 8 & 0xFF) / 255f, (rgba >>> 16 & 0xFF) / 255f,
                (rgba >>> 24) / 255f);
    }

    private static String problem(SceneImage image, ObjectRecords records, int row) {
        int mesh = records.ints(MESH)[row];
        if (mesh < 0 || mesh >= image.meshIds.length) {
            return "item " + row + " uses mesh table entry " + mesh + ", outside the table's " + image.meshIds.length;
        }
        int material = records.ints(MATERIAL)[row];
        if (material < 0 || material >= image.materialIds.length) {
            return "item " + row + " uses material table entry " + material + ", outside the table's "
                    + image.materialIds.length;
        }
        byte transparent = records.bytes(TRANSPARENT)[row];
        if ((transparent & ~1) != 0) {
            return "item " + row + " has transparency byte " + transparent + ", not 0 or 1";
        }
        return null;
    }
}
