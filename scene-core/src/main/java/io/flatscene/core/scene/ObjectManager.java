package io.flatscene.core.scene;

import io.flatscene.core.container.GrowthPolicy;
import io.flatscene.core.container.HandleTable;
import io.flatscene.core.container.IndexField;
import io.flatscene.core.container.ParallelStorage;
import io.flatscene.core.container.SwapPopArray;

/**
 * The manager of one kind of {@link MovableObject}: a swap-and-pop array of the objects (their global index) and a
 * handle table whose entry for each object is its global index, so {@link #find} is O(1). The global index field is
 * written only by {@link #GLOBAL_INDEX}, which mirrors every write into the handle table.
 */
final class ObjectManager<T extends MovableObject> {
    private final HandleTable handles;
    private final SwapPopArray<T> objects;

    private final IndexField<T> globalIndex = new IndexField<>() {
        @Override
        public int get(T object) {
            return object.globalIndex;
        }

        @Override
        public void set(T object, int index) {
            object.globalIndex = index;
            if (index != NOT_STORED) {
                handles.setSlotAt(HandleTable.indexOf(object.handle), index);
            }
        }
    };

    ObjectManager(String capacityKey, int capacity, GrowthPolicy policy, ParallelStorage parallel) {
        this.handles = new HandleTable(capacityKey, capacity, policy);
        this.objects = new SwapPopArray<>(capacityKey, capacity, policy, globalIndex, parallel);
    }

    /** Issues the object's handle and appends it; under FAIL a full manager throws before anything changes. */
    int add(T object) {
        object.handle = handles.create(0);
        return objects.add(object);
    }

    void remove(T object) {
        objects.remove(object);
        handles.release(object.handle);
    }

    T find(long handle) {
        int index = handles.slotOf(handle);
        return index < 0 ? null : objects.get(index);
    }

    int size() {
        return objects.size();
    }

    int capacity() {
        return objects.capacity();
    }

    T get(int globalIndex) {
        return objects.get(globalIndex);
    }

    void validate() {
        objects.validate();
        handles.validate();
        if (handles.size() != objects.size()) {
            throw new IllegalStateException(objects.name() + ": " + handles.size() + " live handles for "
                    + objects.size() + " objects");
        }
        for (int i = 0; i < objects.size(); i++) {
            T object = objects.get(i);
            if (handles.slotOf(object.handle) != i) {
                throw new IllegalStateException(objects.name() + ": " + object.describe() + " at global index " + i
                        + " has a handle entry pointing at " + handles.slotOf(object.handle));
            }
        }
    }
}
