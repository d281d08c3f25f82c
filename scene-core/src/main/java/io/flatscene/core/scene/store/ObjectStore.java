package io.flatscene.core.scene.store;

import io.flatscene.core.container.Capacity;
import io.flatscene.core.container.CapacityExceededException;
import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.HandleTable;
import io.flatscene.core.container.Index;
import io.flatscene.core.container.IndexField;
import io.flatscene.core.container.LongColumn;
import io.flatscene.core.container.ObjectColumn;
import io.flatscene.core.container.SparseSet;
import java.util.function.ToLongFunction;

/**
 * The storage of one kind of movable object, built on the EnTT article's sparse set: the handle table issues
 * generational handles whose index is the object's id, the {@link SparseSet} maps that id to the object's dense
 * position (its global index), and every column attached to the set ({@link #columns()}: the objects themselves, and
 * the structure-of-arrays data of {@link ItemStore} or {@link LightStore}) moves with the id on every swap-and-pop
 * and every {@link #sortBy sort}.
 *
 * <p>The object's own copy of its dense position is written here only, through the {@link IndexField} given at
 * construction, right where the set moves objects: the one fix-up a swap-and-pop or a sort needs.
 *
 * @param <T> the object type
 */
public final class ObjectStore<T> {
    private final String name;
    private final HandleTable handles;
    private final SparseSet set;
    private final ObjectColumn<T> objects;
    /** The game's tag per object, a column of the set: it moves with the object on every swap-and-pop and sort. */
    private final LongColumn tags;
    private final IndexField<? super T> denseIndex;
    private final ToLongFunction<? super T> handleOf;

    /**
     * @param capacityKey the configuration key of the capacity, named by growth warnings and capacity errors
     * @param denseIndex  the object's field that mirrors its dense position
     * @param handleOf    reads the handle {@link #add} issued to an object
     * @param handleKind  carried by the handles, so that another store's handle is never valid here
     */
    public ObjectStore(String capacityKey, int capacity, GrowthPolicy policy, IndexField<? super T> denseIndex,
                       ToLongFunction<? super T> handleOf, int handleKind) {
        this.name = capacityKey;
        this.handles = HandleTable.ofKind(capacityKey, capacity, policy, handleKind);
        // The handle table enforces the capacity and logs its growth; the set grows silently in step with it.
        this.set = new SparseSet(capacityKey, capacity, GrowthPolicy.ON_DEMAND);
        this.objects = set.addObjectColumn();
        this.tags = set.addLongColumn();
        this.denseIndex = denseIndex;
        this.handleOf = handleOf;
    }

    /** Removes every object, for a closed scene: its arrays, large and old, must keep none of them reachable. */
    public void clear() {
        for (int position = 0; position < set.size(); position++) {
            denseIndex.set(objects.get(position), Index.NONE);
        }
        set.clear();
    }

    /** The set whose columns move with the objects, for the stores that keep their data beside them. */
    public SparseSet columns() {
        return set;
    }

    /**
     * Issues the object's handle and appends it; under FAIL a full store throws before anything changes.
     *
     * @return the handle
     * @throws IllegalStateException if the object is already stored (its dense index is set)
     */
    public long add(T object) {
        int recorded = denseIndex.get(object);
        if (recorded != Index.NONE) {
            throw new IllegalStateException(name + ": cannot add " + object + ": it is already stored at " + recorded);
        }
        if (set.size() == Capacity.MAX_STORE_SIZE) {
            throw CapacityExceededException.atLimit(name, set.size(), Capacity.MAX_STORE_SIZE);
        }
        long handle = handles.create(0);
        int position = set.add(HandleTable.idOf(handle));
        objects.set(position, object);
        tags.values()[position] = 0L;
        denseIndex.set(object, position);
        return handle;
    }

    /** Removes the object by swap-and-pop and ends its handle. */
    public void remove(T object) {
        long handle = handleOf.applyAsLong(object);
        int position = set.remove(HandleTable.idOf(handle));
        if (position < set.size()) {
            // the last object now sits where the removed one was: the one fix-up of its recorded position
            denseIndex.set(objects.get(position), position);
        }
        denseIndex.set(object, Index.NONE);
        handles.release(handle);
    }

    /** Swaps the objects at dense positions {@code a} and {@code b}, with every column, and fixes both positions. */
    public void swap(int a, int b) {
        set.swapPositions(a, b);
        denseIndex.set(objects.get(a), a);
        denseIndex.set(objects.get(b), b);
    }

    /** Sorts the objects at global indices {@code [from, to)} by a long column and leaves the others in place. */
    public void sortBy(LongColumn key, int from, int to) {
        set.sortBy(key, from, to);
        for (int p = from; p < to; p++) {
            denseIndex.set(objects.get(p), p);
        }
    }

    /** The game's tags by dense position; valid until the next addition (growth replaces the array). */
    public long[] tagArray() {
        return tags.values();
    }

    /** The live object with this handle, or null. */
    public T find(long handle) {
        return handles.isValid(handle) ? objects.get(set.indexOf(HandleTable.idOf(handle))) : null;
    }

    public int size() {
        return set.size();
    }

    public int capacity() {
        return set.capacity();
    }

    /** The object at dense position {@code index}. */
    public T get(int index) {
        return objects.get(index);
    }

    /**
     * Checks that handles, set positions and every object's recorded position agree.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    public void validate() {
        set.validate();
        handles.validate();
        if (handles.size() != set.size()) {
            throw new IllegalStateException(name + ": " + handles.size() + " live handles for " + set.size()
                    + " objects");
        }
        for (int i = 0; i < set.size(); i++) {
            T object = objects.get(i);
            long handle = handleOf.applyAsLong(object);
            if (!handles.isValid(handle) || set.indexOf(HandleTable.idOf(handle)) != i) {
                throw new IllegalStateException(name + ": " + object + " at global index " + i + " has handle "
                        + HandleTable.describe(handle) + " mapping to " + set.indexOf(HandleTable.idOf(handle)));
            }
            if (denseIndex.get(object) != i) {
                throw new IllegalStateException(name + ": " + object + " at global index " + i + " records global "
                        + "index " + denseIndex.get(object));
            }
        }
    }
}
