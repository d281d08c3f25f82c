package io.flatscene.core.container;

import java.util.Arrays;
import java.util.Objects;

/**
 * Many doubly linked lists of ids hosted in flat int arrays: the several links per object and safe link destruction
 * of Allen Chou's "Intrusively Linked Lists with Safe Link Destruction" (see docs/references.md), stored the way
 * Stepanov's {@code list_pool} stores nodes.
 *
 * <p>Ids are non-negative ints the caller owns (a scene object's stable id, say). Each id has {@code channels} links;
 * each list uses one channel, chosen when the list is created, so an id can be in as many lists at once as it has
 * channels (the article's main list and to-be-destroyed list). Two lists that use the same channel exclude each
 * other: a link is in one list at a time.
 *
 * <p>Per link (id {@code e}, channel {@code k}) the pool keeps the next id, the previous id and the owning list, or
 * {@link Index#NONE}, side by side in one int array at {@code (e * channels + k) * 3}, so the membership check of a
 * step reads the cache line the step reads anyway. The owner is what makes {@link #contains}, {@link #remove} and
 * {@link #unlinkAll} O(1) and lets a list's size stay right when an id is unlinked through any path: the article
 * keeps a list pointer in each link for the same reason. Only {@code link} and {@code unlink} below write these
 * arrays.
 */
public final class IntrusiveListPool {
    private static final int NEXT = 0;
    private static final int PREV = 1;
    private static final int OWNER = 2;
    private static final int LINK_INTS = 3;

    private final String name;
    private final GrowthPolicy policy;
    private final int channels;

    private int idCapacity;
    private int[] links;

    private int listCount;
    private int[] listChannel = new int[4];
    private int[] head = new int[4];
    private int[] tail = new int[4];
    private int[] sizes = new int[4];

    /**
     * @param name            names the pool in exceptions and the growth warning
     * @param idCapacity ids {@code 0 .. idCapacity-1} can be linked before the pool grows
     * @param channels       how many lists using different channels one id can be in at once
     * @param policy          what to do when an id index at or beyond the capacity is linked
     */
    public IntrusiveListPool(String name, int idCapacity, int channels, GrowthPolicy policy) {
        this.name = Objects.requireNonNull(name, "name");
        this.policy = Objects.requireNonNull(policy, "policy");
        if (channels < 1) {
            throw new IllegalArgumentException(name + ": channels " + channels + " must be at least 1");
        }
        this.channels = channels;
        this.idCapacity = Capacity.checkInitial(name, idCapacity);
        this.links = new int[linkInts(idCapacity)];
        Arrays.fill(links, Index.NONE);
    }

    private int linkInts(int ids) {
        long ints = (long) ids * channels * LINK_INTS;
        if (ints > Capacity.MAX_ARRAY_LENGTH) {
            throw CapacityExceededException.atLimit(name, this.idCapacity, maxIds());
        }
        return (int) ints;
    }

    /** The most ids one links array can hold links for. */
    private long maxIds() {
        return Capacity.MAX_ARRAY_LENGTH / ((long) channels * LINK_INTS);
    }

    /** The offset of an id's link for a channel in {@link #links}. */
    private int linkOf(int id, int channel) {
        return (id * channels + channel) * LINK_INTS;
    }

    /**
     * {@return how many links each id has, so how many lists on different channels it can be in at once; at least 1}
     */
    public int channels() {
        return channels;
    }

    /** {@return the number of ids the pool has links for: ids 0 to {@code idCapacity() - 1} link without growing} */
    public int idCapacity() {
        return idCapacity;
    }

    /**
     * Creates an empty list whose members are linked through {@code channel}.
     *
     * @param channel the link each member uses in this list, 0 to {@code channels() - 1}
     * @return the new list's id, 0 to {@code listCount() - 1}; lists are never deleted
     * @throws IndexOutOfBoundsException if {@code channel} is outside 0 to {@code channels() - 1}
     * @throws CapacityExceededException if the pool holds {@link Capacity#MAX_ARRAY_LENGTH} lists
     */
    public int newList(int channel) {
        Objects.checkIndex(channel, channels);
        if (listCount == head.length) {
            int grown = Capacity.next(name + " (lists)", GrowthPolicy.ON_DEMAND, listCount, listCount + 1);
            listChannel = Arrays.copyOf(listChannel, grown);
            head = Arrays.copyOf(head, grown);
            tail = Arrays.copyOf(tail, grown);
            sizes = Arrays.copyOf(sizes, grown);
        }
        int list = listCount++;
        listChannel[list] = channel;
        head[list] = Index.NONE;
        tail[list] = Index.NONE;
        sizes[list] = 0;
        return list;
    }

    /** {@return how many lists {@link #newList} has created; their ids are 0 to {@code listCount() - 1}} */
    public int listCount() {
        return listCount;
    }

    /**
     * The channel a list links its members through.
     *
     * @param list a list id from {@link #newList}
     * @return the channel given when the list was created, 0 to {@code channels() - 1}
     * @throws IllegalArgumentException if there is no list {@code list}
     */
    public int channelOf(int list) {
        checkList(list);
        return listChannel[list];
    }

    /**
     * The number of ids in a list, in O(1).
     *
     * @param list a list id from {@link #newList}
     * @return the number of ids linked into the list, 0 or more
     * @throws IllegalArgumentException if there is no list {@code list}
     */
    public int size(int list) {
        checkList(list);
        return sizes[list];
    }

    /**
     * Whether a list holds no id.
     *
     * @param list a list id from {@link #newList}
     * @return whether {@code size(list) == 0}
     * @throws IllegalArgumentException if there is no list {@code list}
     */
    public boolean isEmpty(int list) {
        return size(list) == 0;
    }

    /**
     * The first id of the list, or {@link Index#NONE}.
     *
     * @param list a list id from {@link #newList}
     * @return the id at the head, or {@link Index#NONE} if the list is empty
     * @throws IllegalArgumentException if there is no list {@code list}
     */
    public int first(int list) {
        checkList(list);
        return head[list];
    }

    /**
     * The last id of the list, or {@link Index#NONE}.
     *
     * @param list a list id from {@link #newList}
     * @return the id at the tail, or {@link Index#NONE} if the list is empty
     * @throws IllegalArgumentException if there is no list {@code list}
     */
    public int last(int list) {
        checkList(list);
        return tail[list];
    }

    /**
     * The id after {@code id} in the list, or {@link Index#NONE} at the end.
     *
     * @param list a list id from {@link #newList}
     * @param id   an id in that list
     * @return the following id, or {@link Index#NONE} if {@code id} is the last
     * @throws IllegalArgumentException if there is no list {@code list}
     * @throws IllegalStateException    if {@code id} is not in the list
     */
    public int next(int list, int id) {
        return links[memberLink(list, id, "step from") + NEXT];
    }

    /**
     * The id before {@code id} in the list, or {@link Index#NONE} at the start.
     *
     * @param list a list id from {@link #newList}
     * @param id   an id in that list
     * @return the preceding id, or {@link Index#NONE} if {@code id} is the first
     * @throws IllegalArgumentException if there is no list {@code list}
     * @throws IllegalStateException    if {@code id} is not in the list
     */
    public int previous(int list, int id) {
        return links[memberLink(list, id, "step back from") + PREV];
    }

    /**
     * Whether the id is in the list: O(1).
     *
     * @param list a list id from {@link #newList}
     * @param id   any id; a negative one or one beyond the capacity is in no list
     * @return whether {@code id} is linked into this list
     * @throws IllegalArgumentException if there is no list {@code list}
     */
    public boolean contains(int list, int id) {
        checkList(list);
        return id >= 0 && id < idCapacity && links[linkOf(id, listChannel[list]) + OWNER] == list;
    }

    /**
     * The list the id's link {@code channel} is in, or {@link Index#NONE}.
     *
     * @param id      a non-negative id; one beyond the capacity is in no list
     * @param channel the link to look at, 0 to {@code channels() - 1}
     * @return the list id that link is in, or {@link Index#NONE} if it is in none
     * @throws IllegalArgumentException  if {@code id} is negative
     * @throws IndexOutOfBoundsException if {@code channel} is outside 0 to {@code channels() - 1}
     */
    public int listOf(int id, int channel) {
        Objects.checkIndex(channel, channels);
        checkId(id);
        return id < idCapacity ? links[linkOf(id, channel) + OWNER] : Index.NONE;
    }

    /**
     * Links the id at the head of the list in O(1), growing the pool first if the id is beyond its capacity.
     *
     * @param list a list id from {@link #newList}
     * @param id   the non-negative id to link
     * @throws IllegalStateException if the id's link for this list's channel is already in a list
     * @throws IllegalArgumentException  if there is no list {@code list} or {@code id} is negative
     * @throws CapacityExceededException if the id is beyond the capacity under {@link GrowthPolicy#FAIL}
     */
    public void pushFront(int list, int id) {
        link(list, id, Index.NONE, first(list));
    }

    /**
     * Links the id at the tail of the list in O(1), growing the pool first if the id is beyond its capacity.
     *
     * @param list a list id from {@link #newList}
     * @param id   the non-negative id to link
     * @throws IllegalStateException if the id's link for this list's channel is already in a list
     * @throws IllegalArgumentException  if there is no list {@code list} or {@code id} is negative
     * @throws CapacityExceededException if the id is beyond the capacity under {@link GrowthPolicy#FAIL}
     */
    public void pushBack(int list, int id) {
        link(list, id, last(list), Index.NONE);
    }

    /**
     * Links {@code id} just before {@code position}, which must be in the list.
     *
     * @param list     a list id from {@link #newList}
     * @param position an id in that list
     * @param id       the non-negative id to link; the pool grows first if it is beyond the capacity
     * @throws IllegalStateException if {@code position} is not in the list or the id's link is in a list
     * @throws IllegalArgumentException  if there is no list {@code list} or {@code id} is negative
     * @throws CapacityExceededException if the id is beyond the capacity under {@link GrowthPolicy#FAIL}
     */
    public void insertBefore(int list, int position, int id) {
        int at = memberLink(list, position, "insert before");
        link(list, id, links[at + PREV], position);
    }

    /**
     * Links {@code id} just after {@code position}, which must be in the list.
     *
     * @param list     a list id from {@link #newList}
     * @param position an id in that list
     * @param id       the non-negative id to link; the pool grows first if it is beyond the capacity
     * @throws IllegalStateException if {@code position} is not in the list or the id's link is in a list
     * @throws IllegalArgumentException  if there is no list {@code list} or {@code id} is negative
     * @throws CapacityExceededException if the id is beyond the capacity under {@link GrowthPolicy#FAIL}
     */
    public void insertAfter(int list, int position, int id) {
        int at = memberLink(list, position, "insert after");
        link(list, id, position, links[at + NEXT]);
    }

    /**
     * Unlinks the id from the list in O(1).
     *
     * @param list a list id from {@link #newList}
     * @param id   an id in that list
     * @return the id that followed it, or {@link Index#NONE}: the article's erase returning the next position
     * @throws IllegalStateException if the id is not in the list
     * @throws IllegalArgumentException if there is no list {@code list}
     */
    public int remove(int list, int id) {
        int at = memberLink(list, id, "remove");
        int following = links[at + NEXT];
        unlink(at);
        return following;
    }

    /**
     * Removes and returns the first id, or returns {@link Index#NONE} if the list is empty.
     *
     * @param list a list id from {@link #newList}
     * @return the id that was first, now in no list on this channel, or {@link Index#NONE} if the list was empty
     * @throws IllegalArgumentException if there is no list {@code list}
     */
    public int popFront(int list) {
        int first = first(list);
        if (first != Index.NONE) {
            unlink(linkOf(first, listChannel[list]));
        }
        return first;
    }

    /**
     * Unlinks every id of the list.
     *
     * <p>The list itself stays and can be reused.
     *
     * @param list a list id from {@link #newList}
     * @throws IllegalArgumentException if there is no list {@code list}
     */
    public void clear(int list) {
        checkList(list);
        while (head[list] != Index.NONE) {
            unlink(linkOf(head[list], listChannel[list]));
        }
    }

    /**
     * Unlinks the id from every list it is in, keeping each list's size right: the article's link destructor,
     * called when the object the id stands for is destroyed.
     *
     * @param id a non-negative id; one beyond the capacity is in no list
     * @return how many lists it was removed from, 0 to {@code channels()}
     * @throws IllegalArgumentException if {@code id} is negative
     */
    public int unlinkAll(int id) {
        checkId(id);
        if (id >= idCapacity) {
            return 0;
        }
        int removed = 0;
        for (int channel = 0; channel < channels; channel++) {
            int at = linkOf(id, channel);
            if (links[at + OWNER] != Index.NONE) {
                unlink(at);
                removed++;
            }
        }
        return removed;
    }

    /** Links the id between {@code before} and {@code after}, either of which may be Index.NONE (a list end). */
    private void link(int list, int id, int before, int after) {
        checkList(list);
        checkId(id);
        ensureRoomFor(id);
        int channel = listChannel[list];
        int at = linkOf(id, channel);
        if (links[at + OWNER] != Index.NONE) {
            throw new IllegalStateException(name + ": cannot link id " + id + " into list " + list
                    + ": its link channel " + channel + " is already in list " + links[at + OWNER]);
        }
        links[at + PREV] = before;
        links[at + NEXT] = after;
        links[at + OWNER] = list;
        if (before == Index.NONE) {
            head[list] = id;
        } else {
            links[linkOf(before, channel) + NEXT] = id;
        }
        if (after == Index.NONE) {
            tail[list] = id;
        } else {
            links[linkOf(after, channel) + PREV] = id;
        }
        sizes[list]++;
    }

    private void unlink(int at) {
        int list = links[at + OWNER];
        int channel = listChannel[list];
        int before = links[at + PREV];
        int after = links[at + NEXT];
        if (before == Index.NONE) {
            head[list] = after;
        } else {
            links[linkOf(before, channel) + NEXT] = after;
        }
        if (after == Index.NONE) {
            tail[list] = before;
        } else {
            links[linkOf(after, channel) + PREV] = before;
        }
        links[at + PREV] = Index.NONE;
        links[at + NEXT] = Index.NONE;
        links[at + OWNER] = Index.NONE;
        sizes[list]--;
    }

    private int memberLink(int list, int id, String action) {
        if (!contains(list, id)) {
            throw new IllegalStateException(name + ": cannot " + action + " id " + id + ": it is not in list "
                    + list);
        }
        return linkOf(id, listChannel[list]);
    }

    private void checkList(int list) {
        if (list < 0 || list >= listCount) {
            throw new IllegalArgumentException(name + ": no list " + list + " (lists 0 to " + (listCount - 1)
                    + " exist)");
        }
    }

    private void checkId(int id) {
        if (id < 0) {
            throw new IllegalArgumentException(name + ": id " + id + " is negative");
        }
    }

    private void ensureRoomFor(int id) {
        if (id < idCapacity) {
            return;
        }
        long maxIds = maxIds();
        // before id + 1 is taken, which overflows for the largest id
        if (id >= maxIds) {
            throw CapacityExceededException.atLimit(name, idCapacity, maxIds);
        }
        // growth by half must stop at the most ids the links array holds, not at the longest array
        int grown = Capacity.grow(name, policy, idCapacity, id + 1, (int) maxIds);
        int oldInts = links.length;
        links = Arrays.copyOf(links, linkInts(grown));
        Arrays.fill(links, oldInts, links.length, Index.NONE);
        idCapacity = grown;
    }

    /**
     * Walks every list forwards and checks each link against its neighbors, its owner and its list's size; checks
     * that no link outside a list keeps stale neighbors.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    public void validate() {
        int linked = 0;
        for (int list = 0; list < listCount; list++) {
            int channel = listChannel[list];
            int count = 0;
            int before = Index.NONE;
            for (int e = head[list]; e != Index.NONE; e = links[linkOf(e, channel) + NEXT]) {
                if (e < 0 || e >= idCapacity) {
                    throw new IllegalStateException(name + ": list " + list + " reaches id " + e
                            + " outside capacity " + idCapacity);
                }
                int at = linkOf(e, channel);
                if (links[at + OWNER] != list) {
                    throw new IllegalStateException(name + ": id " + e + " is reached from list " + list
                            + " but its link records list " + links[at + OWNER]);
                }
                if (links[at + PREV] != before) {
                    throw new IllegalStateException(name + ": id " + e + " in list " + list + " has previous "
                            + links[at + PREV] + " but is reached from " + before);
                }
                if (++count > sizes[list]) {
                    throw new IllegalStateException(name + ": list " + list + " is longer than its size "
                            + sizes[list] + " (a cycle, or a stale size)");
                }
                before = e;
            }
            if (count != sizes[list] || tail[list] != before) {
                throw new IllegalStateException(name + ": list " + list + " holds " + count + " ids ending at "
                        + before + " but records size " + sizes[list] + " and tail " + tail[list]);
            }
            linked += count;
        }
        int owned = 0;
        for (int id = 0; id < idCapacity; id++) {
            for (int channel = 0; channel < channels; channel++) {
                int at = linkOf(id, channel);
                int owner = links[at + OWNER];
                if (owner != Index.NONE) {
                    if (owner < 0 || owner >= listCount || listChannel[owner] != channel) {
                        throw new IllegalStateException(name + ": id " + id + " channel " + channel
                                + " records list " + owner + " which does not use that channel");
                    }
                    owned++;
                } else if (links[at + NEXT] != Index.NONE || links[at + PREV] != Index.NONE) {
                    throw new IllegalStateException(name + ": id " + id + " channel " + channel
                            + " is in no list but keeps neighbors " + links[at + PREV] + " and " + links[at + NEXT]);
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
        return "IntrusiveListPool[" + name + ", " + listCount + " lists, " + channels + " channels, capacity "
                + idCapacity + "]";
    }
}
