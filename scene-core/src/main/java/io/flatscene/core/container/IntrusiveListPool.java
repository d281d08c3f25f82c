package io.flatscene.core.container;

import java.util.Arrays;
import java.util.Objects;

/**
 * Many doubly linked lists of element indices hosted in flat int arrays: the several links per object and safe link
 * destruction of Allen Chou's "Intrusively Linked Lists with Safe Link Destruction" (see docs/references.md), stored
 * the way Stepanov's {@code list_pool} stores nodes.
 *
 * <p>Elements are non-negative ints the caller owns (a scene object's stable id, say). Each element has
 * {@code linkSlots} links; each list uses one slot, chosen when the list is created, so an element can be in as many
 * lists at once as it has slots (the article's main list and to-be-destroyed list). Two lists that use the same slot
 * exclude each other: a link is in one list at a time.
 *
 * <p>Per link (element {@code e}, slot {@code k}) the pool keeps the next element, the previous element and the owning
 * list, or {@link #NONE}, side by side in one int array at {@code (e * linkSlots + k) * 3}, so the membership check
 * of a step reads the cache line the step reads anyway. The owner is what makes {@link #contains}, {@link #remove}
 * and {@link #unlinkAll} O(1) and lets a list's size stay right when an element is unlinked through any path: the
 * article keeps a list pointer in each link for the same reason. Only {@code link} and {@code unlink} below write these
 * arrays.
 *
 * <p>Iterate a list, even while removing from it:
 * <pre>{@code
 * for (int e = pool.first(list); e != IntrusiveListPool.NONE; ) {
 *     e = condemned(e) ? pool.remove(list, e) : pool.next(list, e);
 * }
 * }</pre>
 */
public final class IntrusiveListPool {
    /** No element, no list: the end of a list, or a link that is in no list. */
    public static final int NONE = -1;

    private static final int NEXT = 0;
    private static final int PREV = 1;
    private static final int OWNER = 2;
    private static final int LINK_INTS = 3;

    private final String name;
    private final GrowthPolicy policy;
    private final int linkSlots;

    private int elementCapacity;
    private int[] links;

    private int listCount;
    private int[] listSlot = new int[4];
    private int[] head = new int[4];
    private int[] tail = new int[4];
    private int[] sizes = new int[4];

    /**
     * @param name            names the pool in exceptions and the growth warning
     * @param elementCapacity elements {@code 0 .. elementCapacity-1} can be linked before the pool grows
     * @param linkSlots       how many lists using different slots one element can be in at once
     * @param policy          what to do when an element index at or beyond the capacity is linked
     */
    public IntrusiveListPool(String name, int elementCapacity, int linkSlots, GrowthPolicy policy) {
        this.name = Objects.requireNonNull(name, "name");
        this.policy = Objects.requireNonNull(policy, "policy");
        if (linkSlots < 1) {
            throw new IllegalArgumentException(name + ": linkSlots " + linkSlots + " must be at least 1");
        }
        this.linkSlots = linkSlots;
        this.elementCapacity = Capacity.checkInitial(name, elementCapacity);
        this.links = new int[linkInts(elementCapacity)];
        Arrays.fill(links, NONE);
    }

    private int linkInts(int elements) {
        long ints = (long) elements * linkSlots * LINK_INTS;
        if (ints > Capacity.MAX_ARRAY_LENGTH) {
            throw new CapacityExceededException(name, this.elementCapacity);
        }
        return (int) ints;
    }

    /** The offset of an element's link for a slot in {@link #links}. */
    private int linkOf(int element, int slot) {
        return (element * linkSlots + slot) * LINK_INTS;
    }

    public int linkSlots() {
        return linkSlots;
    }

    public int elementCapacity() {
        return elementCapacity;
    }

    /**
     * Creates an empty list whose members are linked through {@code slot}.
     *
     * @return the new list's id
     */
    public int newList(int slot) {
        Objects.checkIndex(slot, linkSlots);
        if (listCount == head.length) {
            int grown = head.length * 2;
            listSlot = Arrays.copyOf(listSlot, grown);
            head = Arrays.copyOf(head, grown);
            tail = Arrays.copyOf(tail, grown);
            sizes = Arrays.copyOf(sizes, grown);
        }
        int list = listCount++;
        listSlot[list] = slot;
        head[list] = NONE;
        tail[list] = NONE;
        sizes[list] = 0;
        return list;
    }

    public int listCount() {
        return listCount;
    }

    public int slotOf(int list) {
        checkList(list);
        return listSlot[list];
    }

    public int size(int list) {
        checkList(list);
        return sizes[list];
    }

    public boolean isEmpty(int list) {
        return size(list) == 0;
    }

    /** The first element of the list, or {@link #NONE}. */
    public int first(int list) {
        checkList(list);
        return head[list];
    }

    /** The last element of the list, or {@link #NONE}. */
    public int last(int list) {
        checkList(list);
        return tail[list];
    }

    /** The element after {@code element} in the list, or {@link #NONE} at the end. */
    public int next(int list, int element) {
        return links[memberLink(list, element, "step from") + NEXT];
    }

    /** The element before {@code element} in the list, or {@link #NONE} at the start. */
    public int previous(int list, int element) {
        return links[memberLink(list, element, "step back from") + PREV];
    }

    /** Whether the element is in the list: O(1). */
    public boolean contains(int list, int element) {
        checkList(list);
        return element >= 0 && element < elementCapacity && links[linkOf(element, listSlot[list]) + OWNER] == list;
    }

    /** The list the element's link {@code slot} is in, or {@link #NONE}. */
    public int listOf(int element, int slot) {
        Objects.checkIndex(slot, linkSlots);
        checkElement(element);
        return element < elementCapacity ? links[linkOf(element, slot) + OWNER] : NONE;
    }

    /** @throws IllegalStateException if the element's link for this list's slot is already in a list */
    public void pushFront(int list, int element) {
        link(list, element, NONE, first(list));
    }

    /** @throws IllegalStateException if the element's link for this list's slot is already in a list */
    public void pushBack(int list, int element) {
        link(list, element, last(list), NONE);
    }

    /**
     * Links {@code element} just before {@code position}, which must be in the list.
     *
     * @throws IllegalStateException if {@code position} is not in the list or the element's link is in a list
     */
    public void insertBefore(int list, int position, int element) {
        int at = memberLink(list, position, "insert before");
        link(list, element, links[at + PREV], position);
    }

    /**
     * Links {@code element} just after {@code position}, which must be in the list.
     *
     * @throws IllegalStateException if {@code position} is not in the list or the element's link is in a list
     */
    public void insertAfter(int list, int position, int element) {
        int at = memberLink(list, position, "insert after");
        link(list, element, position, links[at + NEXT]);
    }

    /**
     * Unlinks the element from the list in O(1).
     *
     * @return the element that followed it, or {@link #NONE}: the article's erase returning the next position
     * @throws IllegalStateException if the element is not in the list
     */
    public int remove(int list, int element) {
        int at = memberLink(list, element, "remove");
        int following = links[at + NEXT];
        unlink(at);
        return following;
    }

    /** Removes and returns the first element, or returns {@link #NONE} if the list is empty. */
    public int popFront(int list) {
        int first = first(list);
        if (first != NONE) {
            unlink(linkOf(first, listSlot[list]));
        }
        return first;
    }

    /** Unlinks every element of the list. */
    public void clear(int list) {
        checkList(list);
        while (head[list] != NONE) {
            unlink(linkOf(head[list], listSlot[list]));
        }
    }

    /**
     * Unlinks the element from every list it is in, keeping each list's size right: the article's link destructor,
     * called when the object the element stands for is destroyed.
     *
     * @return how many lists it was removed from
     */
    public int unlinkAll(int element) {
        checkElement(element);
        if (element >= elementCapacity) {
            return 0;
        }
        int removed = 0;
        for (int slot = 0; slot < linkSlots; slot++) {
            int at = linkOf(element, slot);
            if (links[at + OWNER] != NONE) {
                unlink(at);
                removed++;
            }
        }
        return removed;
    }

    /** Links the element between {@code before} and {@code after}, either of which may be NONE (a list end). */
    private void link(int list, int element, int before, int after) {
        checkList(list);
        checkElement(element);
        ensureRoomFor(element);
        int slot = listSlot[list];
        int at = linkOf(element, slot);
        if (links[at + OWNER] != NONE) {
            throw new IllegalStateException(name + ": cannot link element " + element + " into list " + list
                    + ": its link slot " + slot + " is already in list " + links[at + OWNER]);
        }
        links[at + PREV] = before;
        links[at + NEXT] = after;
        links[at + OWNER] = list;
        if (before == NONE) {
            head[list] = element;
        } else {
            links[linkOf(before, slot) + NEXT] = element;
        }
        if (after == NONE) {
            tail[list] = element;
        } else {
            links[linkOf(after, slot) + PREV] = element;
        }
        sizes[list]++;
    }

    private void unlink(int at) {
        int list = links[at + OWNER];
        int slot = listSlot[list];
        int before = links[at + PREV];
        int after = links[at + NEXT];
        if (before == NONE) {
            head[list] = after;
        } else {
            links[linkOf(before, slot) + NEXT] = after;
        }
        if (after == NONE) {
            tail[list] = before;
        } else {
            links[linkOf(after, slot) + PREV] = before;
        }
        links[at + PREV] = NONE;
        links[at + NEXT] = NONE;
        links[at + OWNER] = NONE;
        sizes[list]--;
    }

    private int memberLink(int list, int element, String action) {
        if (!contains(list, element)) {
            throw new IllegalStateException(name + ": cannot " + action + " element " + element + ": it is not in list "
                    + list);
        }
        return linkOf(element, listSlot[list]);
    }

    private void checkList(int list) {
        if (list < 0 || list >= listCount) {
            throw new IllegalArgumentException(name + ": no list " + list + " (lists 0 to " + (listCount - 1)
                    + " exist)");
        }
    }

    private void checkElement(int element) {
        if (element < 0) {
            throw new IllegalArgumentException(name + ": element " + element + " is negative");
        }
    }

    private void ensureRoomFor(int element) {
        if (element < elementCapacity) {
            return;
        }
        if ((element + 1L) * linkSlots * LINK_INTS > Capacity.MAX_ARRAY_LENGTH) {
            throw new CapacityExceededException(name, elementCapacity);
        }
        int grown = Capacity.grow(name, policy, elementCapacity, element + 1);
        int oldInts = links.length;
        links = Arrays.copyOf(links, linkInts(grown));
        Arrays.fill(links, oldInts, links.length, NONE);
        elementCapacity = grown;
    }

    /**
     * Walks every list forwards and checks each link against its neighbours, its owner and its list's size; checks
     * that no link outside a list keeps stale neighbours.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    public void validate() {
        int linked = 0;
        for (int list = 0; list < listCount; list++) {
            int slot = listSlot[list];
            int count = 0;
            int before = NONE;
            for (int e = head[list]; e != NONE; e = links[linkOf(e, slot) + NEXT]) {
                if (e < 0 || e >= elementCapacity) {
                    throw new IllegalStateException(name + ": list " + list + " reaches element " + e
                            + " outside capacity " + elementCapacity);
                }
                int at = linkOf(e, slot);
                if (links[at + OWNER] != list) {
                    throw new IllegalStateException(name + ": element " + e + " is reached from list " + list
                            + " but its link records list " + links[at + OWNER]);
                }
                if (links[at + PREV] != before) {
                    throw new IllegalStateException(name + ": element " + e + " in list " + list + " has previous "
                            + links[at + PREV] + " but is reached from " + before);
                }
                if (++count > sizes[list]) {
                    throw new IllegalStateException(name + ": list " + list + " is longer than its size "
                            + sizes[list] + " (a cycle, or a stale size)");
                }
                before = e;
            }
            if (count != sizes[list] || tail[list] != before) {
                throw new IllegalStateException(name + ": list " + list + " holds " + count + " elements ending at "
                        + before + " but records size " + sizes[list] + " and tail " + tail[list]);
            }
            linked += count;
        }
        int owned = 0;
        for (int element = 0; element < elementCapacity; element++) {
            for (int slot = 0; slot < linkSlots; slot++) {
                int at = linkOf(element, slot);
                int owner = links[at + OWNER];
                if (owner != NONE) {
                    if (owner < 0 || owner >= listCount || listSlot[owner] != slot) {
                        throw new IllegalStateException(name + ": element " + element + " slot " + slot
                                + " records list " + owner + " which does not use that slot");
                    }
                    owned++;
                } else if (links[at + NEXT] != NONE || links[at + PREV] != NONE) {
                    throw new IllegalStateException(name + ": element " + element + " slot " + slot
                            + " is in no list but keeps neighbours " + links[at + PREV] + " and " + links[at + NEXT]);
                }
            }
        }
        if (owned != linked) {
            throw new IllegalStateException(name + ": " + owned + " links record a list but the lists hold "
                    + linked);
        }
    }

    @Override
    public String toString() {
        return "IntrusiveListPool[" + name + ", " + listCount + " lists, " + linkSlots + " slots, capacity "
                + elementCapacity + "]";
    }
}
