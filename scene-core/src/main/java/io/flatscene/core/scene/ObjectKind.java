package io.flatscene.core.scene;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.Index;
import io.flatscene.core.scene.file.KindFormat;
import io.flatscene.core.scene.file.ObjectRecords;
import io.flatscene.core.scene.store.ObjectStore;
import io.flatscene.core.scene.store.TransformStore;
import java.util.function.Function;

/**
 * One kind of movable object as a scene holds it, in the manner of EnTT's storage per component: the kind's
 * {@link ObjectStore} (handles, global indices, the columns that move with them) and the hooks through which a
 * structural change reaches the kind's own data, down from the store that made it and never back through the scene.
 * A scene builds one per kind of its {@link ObjectKinds} table and creates, destroys, validates, saves, loads and
 * closes objects of every kind alike; a new kind is its object class, its kind class and its declaration.
 *
 * @param <T> the objects' class
 */
abstract class ObjectKind<T extends MovableObject> {
    /** What a scene hands each kind it builds: itself, its configuration and the kind's place in its table. */
    record Context(SceneManager scene, SceneConfig config, int position) {
        /** The kind every handle of this kind carries, different from the nodes' and every other kind's. */
        int handleKind() {
            return TransformStore.NODE_HANDLES + 1 + position;
        }
    }

    /**
     * A kind as a scene is told of it, the one registration a new kind needs: its file format, known before any
     * scene exists so that a file can be checked before one is built, and how a scene builds the kind.
     *
     * @param format  the format the built kind reports by {@link #format()}
     * @param factory builds the kind for one scene
     */
    record Declaration(KindFormat format, Function<Context, ObjectKind<?>> factory) {
        ObjectKind<?> build(Context context) {
            ObjectKind<?> kind = factory.apply(context);
            if (kind.format() != format) {
                throw new IllegalStateException("the kind " + kind.getClass().getSimpleName() + " writes its "
                        + "objects as " + kind.format().plural() + ", not as its declaration's " + format.plural());
            }
            return kind;
        }
    }

    final SceneManager scene;
    final ObjectStore<T> store;
    private final Class<T> type;
    private final KindFormat format;
    private final String capacityKey;
    private final int capacity;
    private final GrowthPolicy policy;

    /**
     * @param capacityKey the configuration key of the capacity, named by growth warnings and capacity errors
     * @param capacity    the objects the store holds before it grows
     * @param policy      what happens when the capacity is exceeded
     */
    ObjectKind(Context context, Class<T> type, KindFormat format, String capacityKey, int capacity,
               GrowthPolicy policy) {
        this.scene = context.scene();
        this.type = type;
        this.format = format;
        this.capacityKey = capacityKey;
        this.capacity = capacity;
        this.policy = policy;
        this.store = new ObjectStore<>(capacityKey, capacity, policy, MovableObject.GLOBAL_INDEX,
                MovableObject::handle, context.handleKind());
    }

    /** {@return how the kind's objects are written in a scene file} */
    final KindFormat format() {
        return format;
    }

    final Class<T> type() {
        return type;
    }

    /** {@return the configuration key of the kind's capacity, which messages about it name} */
    final String capacityKey() {
        return capacityKey;
    }

    /** {@return the objects the kind holds before it grows, as configured} */
    final int capacity() {
        return capacity;
    }

    final GrowthPolicy policy() {
        return policy;
    }

    /** {@return the kind as messages name one object ("item")} */
    final String name() {
        return format.singular();
    }

    /** Stores a new object and gives it its handle; the kind's columns are then written by its creator. */
    final T add(T object) {
        object.handle = store.add(object);
        return object;
    }

    /** Moves the object's record to its new node (null when detached); its own field is already written. */
    final void attach(MovableObject object, SceneNode node) {
        object.parentNode = node;
        attached(type.cast(object), node);
    }

    /** Tells the object's data that its node's transform moved to {@code slot}. */
    final void nodeMoved(MovableObject object, int slot) {
        slotChanged(type.cast(object), slot);
    }

    /**
     * Removes a detached object by swap-and-pop, lets the kind forget it, and marks it destroyed: the one path of
     * every destruction, by the game or with its node.
     */
    final void destroy(MovableObject object) {
        T typed = type.cast(object);
        int index = typed.globalIndex;
        store.remove(typed);
        removed(typed, index);
        typed.destroyed = true;
    }

    /** Marks every object destroyed and drops them all, for a closed scene. */
    final void close() {
        for (int i = 0; i < store.size(); i++) {
            store.get(i).destroyed = true;
        }
        store.clear();
    }

    /** {@return the game's tags by global index; valid until the next creation of this kind} */
    final long[] tags() {
        return store.tagArray();
    }

    void attached(T object, SceneNode node) {
    }

    void slotChanged(T object, int slot) {
    }

    /** Called once the object left the store, where it was at {@code formerIndex}. */
    void removed(T object, int formerIndex) {
    }

    /** {@return the kind's column of node ids by global index, which validation checks, or null if it keeps none} */
    int[] nodeIds() {
        return null;
    }

    /**
     * Checks the store, and that every object's node lists it at its parent index and the node ids agree.
     *
     * @throws IllegalStateException naming the first object that breaks an invariant
     */
    void validate(TransformStore transforms) {
        store.validate();
        int[] nodeIds = nodeIds();
        for (int i = 0; i < store.size(); i++) {
            T object = store.get(i);
            SceneNode node = object.parentNode;
            if (node != null && (!node.isAlive() || object.parentIndex < 0
                    || object.parentIndex >= node.attachedObjectCount()
                    || node.attachedObject(object.parentIndex) != object)) {
                throw new IllegalStateException(object.describe() + " names " + node.describe() + " as its node but "
                        + "is not in its attachment list at parent index " + object.parentIndex);
            }
            int expected = node == null ? Index.NONE : node.id();
            if (nodeIds != null && nodeIds[i] != expected) {
                throw new IllegalStateException(object.describe() + " is attached to " + node + " but its "
                        + name() + " data records node id " + nodeIds[i]);
            }
        }
    }

    /** Writes the kind's own columns of {@code object} into record {@code row}; node, name and tag are written. */
    abstract void save(T object, ObjectRecords records, int row, AssetTables assets);

    /**
     * Creates an object, detached, from record {@code row}, through the setters that check its values; its tag and
     * node are set by the caller.
     */
    abstract T load(ObjectRecords records, int row, String name, AssetTables assets);
}
