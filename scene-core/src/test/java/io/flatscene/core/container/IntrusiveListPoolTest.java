package io.flatscene.core.container;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import static io.flatscene.core.container.Index.NONE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IntrusiveListPoolTest {
    private static final int MAIN_CHANNEL = 0;
    private static final int DEAD_CHANNEL = 1;

    static List<Integer> forward(IntrusiveListPool pool, int list) {
        List<Integer> out = new ArrayList<>();
        for (int e = pool.first(list); e != NONE; e = pool.next(list, e)) {
            out.add(e);
            if (out.size() > pool.size(list) + 1) {
                throw new AssertionError("list " + list + " walks past its size: " + out);
            }
        }
        return out;
    }

    static List<Integer> backward(IntrusiveListPool pool, int list) {
        List<Integer> out = new ArrayList<>();
        for (int e = pool.last(list); e != NONE; e = pool.previous(list, e)) {
            out.add(0, e);
            if (out.size() > pool.size(list) + 1) {
                throw new AssertionError("list " + list + " walks back past its size: " + out);
            }
        }
        return out;
    }

    /** Checks a list's contents both ways, its size and that every member reports it as its list. */
    static void assertList(IntrusiveListPool pool, int list, Integer... expected) {
        List<Integer> want = List.of(expected);
        assertEquals(want, forward(pool, list), "forward walk of list " + list);
        assertEquals(want, backward(pool, list), "backward walk of list " + list);
        assertEquals(want.size(), pool.size(list), "size of list " + list);
        assertEquals(want.isEmpty(), pool.isEmpty(list));
        for (int e : want) {
            assertTrue(pool.contains(list, e));
            assertEquals(list, pool.listOf(e, pool.channelOf(list)));
        }
    }

    /** Everything observable through the public API, to prove a rejected call changed nothing. */
    static String snapshot(IntrusiveListPool pool) {
        StringBuilder s = new StringBuilder("capacity=").append(pool.idCapacity());
        for (int list = 0; list < pool.listCount(); list++) {
            s.append(" | list ").append(list).append(" size ").append(pool.size(list))
                    .append(' ').append(forward(pool, list)).append(' ').append(backward(pool, list));
        }
        for (int e = 0; e < pool.idCapacity(); e++) {
            for (int channel = 0; channel < pool.channels(); channel++) {
                int owner = pool.listOf(e, channel);
                if (owner != NONE) {
                    s.append(' ').append(e).append('/').append(channel).append("->").append(owner);
                }
            }
        }
        return s.toString();
    }

    static <T extends Throwable> T assertRejectedUnchanged(IntrusiveListPool pool, Class<T> type, Executable call) {
        String before = snapshot(pool);
        T thrown = assertThrows(type, call);
        pool.validate();
        assertEquals(before, snapshot(pool), "a rejected call must leave the pool as it was");
        return thrown;
    }

    @Test
    void seedScenarioDestroyingTheDeadListLeavesOnlySurvivorsInMainList() {
        IntrusiveListPool pool = new IntrusiveListPool("objects", 8, 2, GrowthPolicy.FAIL);
        int main = pool.newList(MAIN_CHANNEL);
        int dead = pool.newList(DEAD_CHANNEL);
        pool.pushBack(main, 1);
        pool.pushBack(main, 2);
        pool.pushBack(main, 3);
        pool.pushBack(dead, 3);
        pool.pushBack(dead, 1);
        pool.validate();
        assertList(pool, main, 1, 2, 3);
        assertList(pool, dead, 3, 1);

        // The seed's "for (auto &obj : deadList) delete &obj": destroying an object unlinks it from every list, so
        // the loop must read the next element before the current one's links go away.
        List<Integer> destroyed = new ArrayList<>();
        for (int e = pool.first(dead); e != NONE; ) {
            int following = pool.next(dead, e);
            assertEquals(2, pool.unlinkAll(e), "element " + e + " was in both lists");
            destroyed.add(e);
            e = following;
            pool.validate();
        }

        assertEquals(List.of(3, 1), destroyed);
        assertList(pool, main, 2);
        assertList(pool, dead);
        assertEquals(NONE, pool.listOf(1, MAIN_CHANNEL));
        assertEquals(NONE, pool.listOf(1, DEAD_CHANNEL));
        assertEquals(NONE, pool.listOf(3, MAIN_CHANNEL));
        assertEquals(NONE, pool.listOf(3, DEAD_CHANNEL));
        assertEquals(main, pool.listOf(2, MAIN_CHANNEL));
        assertEquals(NONE, pool.listOf(2, DEAD_CHANNEL));
    }

    @Test
    void seedScenarioUsingRemovesReturnedNextThenDestroying() {
        IntrusiveListPool pool = new IntrusiveListPool("objects", 8, 2, GrowthPolicy.FAIL);
        int main = pool.newList(MAIN_CHANNEL);
        int dead = pool.newList(DEAD_CHANNEL);
        for (int e : new int[] {1, 2, 3}) {
            pool.pushBack(main, e);
        }
        pool.pushBack(dead, 3);
        pool.pushBack(dead, 1);

        // Erase-returns-next: take the element off the dead list first, then destroy what remains of it.
        for (int e = pool.first(dead); e != NONE; ) {
            int victim = e;
            e = pool.remove(dead, victim);
            assertEquals(1, pool.unlinkAll(victim), "only its main link is left");
            pool.validate();
        }
        assertList(pool, main, 2);
        assertList(pool, dead);
    }

    @Test
    void unlinkAllOfAnElementInNoListOrBeyondCapacityRemovesNothing() {
        IntrusiveListPool pool = new IntrusiveListPool("objects", 4, 2, GrowthPolicy.GROW);
        int main = pool.newList(MAIN_CHANNEL);
        pool.pushBack(main, 0);
        assertEquals(0, pool.unlinkAll(1));
        assertEquals(0, pool.unlinkAll(1000));
        assertEquals(4, pool.idCapacity(), "asking about an unknown element must not grow the pool");
        assertList(pool, main, 0);
        pool.validate();
    }

    @Test
    void pushFrontPushBackAndInsertsPlaceElementsWhereAsked() {
        IntrusiveListPool pool = new IntrusiveListPool("order", 16, 1, GrowthPolicy.FAIL);
        int list = pool.newList(0);
        assertEquals(NONE, pool.first(list));
        assertEquals(NONE, pool.last(list));

        pool.pushBack(list, 5);
        assertList(pool, list, 5);
        pool.pushFront(list, 3);
        assertList(pool, list, 3, 5);
        pool.pushBack(list, 7);
        assertList(pool, list, 3, 5, 7);
        pool.insertBefore(list, 3, 1);
        assertList(pool, list, 1, 3, 5, 7);
        pool.insertAfter(list, 7, 9);
        assertList(pool, list, 1, 3, 5, 7, 9);
        pool.insertBefore(list, 5, 4);
        assertList(pool, list, 1, 3, 4, 5, 7, 9);
        pool.insertAfter(list, 5, 6);
        assertList(pool, list, 1, 3, 4, 5, 6, 7, 9);
        pool.pushFront(list, 0);
        assertList(pool, list, 0, 1, 3, 4, 5, 6, 7, 9);
        pool.validate();

        assertEquals(0, pool.first(list));
        assertEquals(9, pool.last(list));
        assertEquals(NONE, pool.previous(list, 0));
        assertEquals(NONE, pool.next(list, 9));
        assertEquals(4, pool.previous(list, 5));
        assertEquals(6, pool.next(list, 5));
    }

    @Test
    void pushFrontOnEmptyListSetsBothEnds() {
        IntrusiveListPool pool = new IntrusiveListPool("ends", 4, 1, GrowthPolicy.FAIL);
        int list = pool.newList(0);
        pool.pushFront(list, 2);
        assertEquals(2, pool.first(list));
        assertEquals(2, pool.last(list));
        assertList(pool, list, 2);
        pool.validate();
    }

    @Test
    void removeReturnsTheFollowingElement() {
        IntrusiveListPool pool = new IntrusiveListPool("erase", 8, 1, GrowthPolicy.FAIL);
        int list = pool.newList(0);
        for (int e = 0; e < 5; e++) {
            pool.pushBack(list, e);
        }
        assertEquals(3, pool.remove(list, 2));
        assertList(pool, list, 0, 1, 3, 4);
        assertEquals(1, pool.remove(list, 0), "removing the head returns the new head");
        assertList(pool, list, 1, 3, 4);
        assertEquals(NONE, pool.remove(list, 4), "removing the tail returns NONE");
        assertList(pool, list, 1, 3);
        assertEquals(3, pool.remove(list, 1));
        assertEquals(NONE, pool.remove(list, 3));
        assertList(pool, list);
        pool.validate();
        assertFalse(pool.contains(list, 3));
        assertEquals(NONE, pool.listOf(3, 0));
    }

    @Test
    void removingWhileIteratingVisitsEveryElementOnce() {
        IntrusiveListPool pool = new IntrusiveListPool("filter", 32, 1, GrowthPolicy.FAIL);
        int list = pool.newList(0);
        for (int e = 0; e < 20; e++) {
            pool.pushBack(list, e);
        }
        List<Integer> visited = new ArrayList<>();
        for (int e = pool.first(list); e != NONE; ) {
            visited.add(e);
            e = e % 3 == 0 ? pool.remove(list, e) : pool.next(list, e);
        }
        List<Integer> all = new ArrayList<>();
        List<Integer> kept = new ArrayList<>();
        for (int e = 0; e < 20; e++) {
            all.add(e);
            if (e % 3 != 0) {
                kept.add(e);
            }
        }
        assertEquals(all, visited);
        assertList(pool, list, kept.toArray(Integer[]::new));
        pool.validate();
    }

    @Test
    void popFrontTakesFromTheHeadUntilEmpty() {
        IntrusiveListPool pool = new IntrusiveListPool("queue", 8, 1, GrowthPolicy.FAIL);
        int list = pool.newList(0);
        pool.pushBack(list, 4);
        pool.pushBack(list, 2);
        pool.pushBack(list, 6);
        assertEquals(4, pool.popFront(list));
        assertList(pool, list, 2, 6);
        assertEquals(2, pool.popFront(list));
        assertEquals(6, pool.popFront(list));
        assertList(pool, list);
        assertEquals(NONE, pool.popFront(list));
        pool.validate();
        // Popped elements are free to be linked again.
        pool.pushBack(list, 2);
        assertList(pool, list, 2);
    }

    @Test
    void clearEmptiesOnlyThatListAndFreesItsLinks() {
        IntrusiveListPool pool = new IntrusiveListPool("clear", 8, 2, GrowthPolicy.FAIL);
        int a = pool.newList(0);
        int b = pool.newList(1);
        for (int e = 0; e < 5; e++) {
            pool.pushBack(a, e);
            pool.pushFront(b, e);
        }
        pool.clear(a);
        pool.validate();
        assertList(pool, a);
        assertList(pool, b, 4, 3, 2, 1, 0);
        for (int e = 0; e < 5; e++) {
            assertEquals(NONE, pool.listOf(e, 0));
        }
        pool.clear(a);
        assertList(pool, a);
        pool.pushBack(a, 3);
        assertList(pool, a, 3);
        pool.validate();
    }

    @Test
    void twoListsOnOneChannelExcludeEachOther() {
        IntrusiveListPool pool = new IntrusiveListPool("channels", 8, 2, GrowthPolicy.FAIL);
        int a = pool.newList(0);
        int b = pool.newList(0);
        int c = pool.newList(1);
        pool.pushBack(a, 5);
        pool.pushBack(b, 6);

        IllegalStateException thrown = assertRejectedUnchanged(pool, IllegalStateException.class,
                () -> pool.pushBack(b, 5));
        String message = thrown.getMessage();
        assertTrue(message.contains("id 5"), message);
        assertTrue(message.contains("channel 0"), message);
        assertTrue(message.contains("list " + a), message);
        assertTrue(message.contains("list " + b), message);

        assertRejectedUnchanged(pool, IllegalStateException.class, () -> pool.pushFront(b, 5));
        assertRejectedUnchanged(pool, IllegalStateException.class, () -> pool.insertBefore(b, 6, 5));
        assertRejectedUnchanged(pool, IllegalStateException.class, () -> pool.insertAfter(b, 6, 5));
        // Linking an element twice into its own list is the same conflict.
        assertRejectedUnchanged(pool, IllegalStateException.class, () -> pool.pushBack(a, 5));
        assertRejectedUnchanged(pool, IllegalStateException.class, () -> pool.insertAfter(a, 5, 5));

        // A list on another channel takes the element without disturbing its channel-0 membership.
        pool.pushBack(c, 5);
        pool.validate();
        assertList(pool, a, 5);
        assertList(pool, b, 6);
        assertList(pool, c, 5);

        // Once it leaves list a, list b may take it.
        pool.remove(a, 5);
        pool.pushBack(b, 5);
        pool.validate();
        assertList(pool, a);
        assertList(pool, b, 6, 5);
        assertList(pool, c, 5);
    }

    @Test
    void containsAndListOfReportMembershipPerChannel() {
        IntrusiveListPool pool = new IntrusiveListPool("membership", 8, 3, GrowthPolicy.FAIL);
        int a = pool.newList(0);
        int b = pool.newList(0);
        int c = pool.newList(2);
        assertEquals(0, pool.channelOf(a));
        assertEquals(0, pool.channelOf(b));
        assertEquals(2, pool.channelOf(c));
        assertEquals(3, pool.listCount());

        pool.pushBack(a, 1);
        pool.pushBack(c, 1);
        pool.pushBack(b, 2);

        assertTrue(pool.contains(a, 1));
        assertFalse(pool.contains(b, 1));
        assertTrue(pool.contains(c, 1));
        assertFalse(pool.contains(a, 2));
        assertTrue(pool.contains(b, 2));
        assertFalse(pool.contains(c, 2));
        assertFalse(pool.contains(a, -1), "a negative element is simply not a member");
        assertFalse(pool.contains(a, 1_000), "an element beyond capacity is simply not a member");

        assertEquals(a, pool.listOf(1, 0));
        assertEquals(NONE, pool.listOf(1, 1));
        assertEquals(c, pool.listOf(1, 2));
        assertEquals(b, pool.listOf(2, 0));
        assertEquals(NONE, pool.listOf(3, 0));
        assertEquals(NONE, pool.listOf(1_000, 0));

        pool.unlinkAll(1);
        assertFalse(pool.contains(a, 1));
        assertFalse(pool.contains(c, 1));
        assertEquals(NONE, pool.listOf(1, 0));
        assertEquals(NONE, pool.listOf(1, 2));
        pool.validate();
    }

    @Test
    void growPolicyGrowsWhenAnElementBeyondCapacityIsLinked() {
        IntrusiveListPool pool = new IntrusiveListPool("grow", 4, 2, GrowthPolicy.GROW);
        int a = pool.newList(0);
        int b = pool.newList(1);
        pool.pushBack(a, 0);
        pool.pushBack(a, 3);
        pool.pushBack(b, 3);

        pool.pushBack(a, 4);
        assertTrue(pool.idCapacity() >= 5, "capacity " + pool.idCapacity());
        pool.insertBefore(b, 3, 100);
        assertTrue(pool.idCapacity() >= 101, "capacity " + pool.idCapacity());
        pool.validate();
        assertList(pool, a, 0, 3, 4);
        assertList(pool, b, 100, 3);

        // Links in the grown part start out in no list.
        for (int e = 5; e < pool.idCapacity(); e++) {
            if (e != 100) {
                assertEquals(NONE, pool.listOf(e, 0), "element " + e);
                assertEquals(NONE, pool.listOf(e, 1), "element " + e);
            }
        }
        pool.pushBack(a, 50);
        assertList(pool, a, 0, 3, 4, 50);
        pool.validate();
    }

    @Test
    void growPolicyFromZeroCapacity() {
        IntrusiveListPool pool = new IntrusiveListPool("empty", 0, 1, GrowthPolicy.GROW);
        int list = pool.newList(0);
        pool.pushFront(list, 0);
        pool.pushFront(list, 7);
        assertList(pool, list, 7, 0);
        pool.validate();
    }

    @Test
    void failPolicyRefusesAnElementBeyondCapacityAndChangesNothing() {
        IntrusiveListPool pool = new IntrusiveListPool("fixed", 4, 2, GrowthPolicy.FAIL);
        int a = pool.newList(0);
        int b = pool.newList(1);
        pool.pushBack(a, 1);
        pool.pushBack(a, 3);
        pool.pushBack(b, 2);

        CapacityExceededException thrown = assertRejectedUnchanged(pool, CapacityExceededException.class,
                () -> pool.pushBack(a, 4));
        assertEquals("fixed", thrown.capacityName());
        assertEquals(4, thrown.capacity());
        assertRejectedUnchanged(pool, CapacityExceededException.class, () -> pool.pushFront(b, 10));
        assertRejectedUnchanged(pool, CapacityExceededException.class, () -> pool.insertBefore(a, 3, 4));
        assertRejectedUnchanged(pool, CapacityExceededException.class, () -> pool.insertAfter(a, 1, 99));
        assertEquals(4, pool.idCapacity());

        // The last index inside the capacity is still accepted.
        pool.pushBack(b, 3);
        assertList(pool, b, 2, 3);
        pool.validate();
    }

    @Test
    void theLargestElementIndexIsRefusedAsBeyondCapacityUnderEveryPolicy() {
        // Integer.MAX_VALUE can never fit (it needs MAX_VALUE + 1 elements), so it must be reported as a capacity
        // problem, not surface as an array index error from an overflowed link index.
        for (GrowthPolicy policy : GrowthPolicy.values()) {
            for (int channels : new int[] {1, 2, 3}) {
                IntrusiveListPool pool = new IntrusiveListPool("max-" + policy + "-" + channels, 4, channels, policy);
                int list = pool.newList(channels - 1);
                pool.pushBack(list, 1);
                CapacityExceededException e = assertRejectedUnchanged(pool, CapacityExceededException.class,
                        () -> pool.pushBack(list, Integer.MAX_VALUE));
                assertTrue(e.getMessage().endsWith("cannot grow past " + Capacity.MAX_ARRAY_LENGTH / (3 * channels)
                        + ", the most one container can hold, under any growth policy"), e.getMessage());
                assertRejectedUnchanged(pool, CapacityExceededException.class,
                        () -> pool.pushFront(list, Integer.MAX_VALUE));
                assertRejectedUnchanged(pool, CapacityExceededException.class,
                        () -> pool.insertAfter(list, 1, Integer.MAX_VALUE));
            }
        }
    }

    @Test
    void callsNamingAnIdNotInTheListAreRejected() {
        IntrusiveListPool pool = new IntrusiveListPool("strict", 8, 2, GrowthPolicy.FAIL);
        int a = pool.newList(0);
        int b = pool.newList(0);
        int c = pool.newList(1);
        pool.pushBack(a, 1);
        pool.pushBack(a, 2);
        pool.pushBack(b, 3);
        pool.pushBack(c, 1);

        assertRejectedUnchanged(pool, IllegalStateException.class, () -> pool.remove(a, 3));
        assertRejectedUnchanged(pool, IllegalStateException.class, () -> pool.remove(b, 1));
        assertRejectedUnchanged(pool, IllegalStateException.class, () -> pool.remove(a, 5));
        assertRejectedUnchanged(pool, IllegalStateException.class, () -> pool.remove(a, 500));
        assertRejectedUnchanged(pool, IllegalStateException.class, () -> pool.next(a, 3));
        assertRejectedUnchanged(pool, IllegalStateException.class, () -> pool.previous(b, 2));
        assertRejectedUnchanged(pool, IllegalStateException.class, () -> pool.next(c, 2));
        assertRejectedUnchanged(pool, IllegalStateException.class, () -> pool.insertBefore(a, 3, 6));
        assertRejectedUnchanged(pool, IllegalStateException.class, () -> pool.insertAfter(b, 2, 6));
        // Even an out-of-capacity element is refused as a non-member, not by growth or a capacity error.
        assertRejectedUnchanged(pool, IllegalStateException.class, () -> pool.insertAfter(a, 400, 6));

        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> pool.remove(a, 3));
        assertTrue(thrown.getMessage().contains("id 3"), thrown.getMessage());
        assertTrue(thrown.getMessage().contains("list " + a), thrown.getMessage());

        // Under GROW a refused insert must not have grown the pool for the element it never linked.
        IntrusiveListPool growing = new IntrusiveListPool("growing", 4, 1, GrowthPolicy.GROW);
        int g = growing.newList(0);
        growing.pushBack(g, 0);
        assertRejectedUnchanged(growing, IllegalStateException.class, () -> growing.insertBefore(g, 1, 1_000));
        assertRejectedUnchanged(growing, IllegalStateException.class, () -> growing.insertAfter(g, 2, 1_000));
        assertEquals(4, growing.idCapacity());

        // Removing twice: the second is a non-member.
        pool.remove(a, 2);
        assertRejectedUnchanged(pool, IllegalStateException.class, () -> pool.remove(a, 2));
        assertList(pool, a, 1);
    }

    @Test
    void unknownListIdsAreRejected() {
        IntrusiveListPool pool = new IntrusiveListPool("lists", 8, 1, GrowthPolicy.GROW);
        int a = pool.newList(0);
        pool.pushBack(a, 1);
        int missing = a + 1;
        for (int bad : new int[] {missing, -1, 99}) {
            assertRejectedUnchanged(pool, IllegalArgumentException.class, () -> pool.pushBack(bad, 2));
            assertRejectedUnchanged(pool, IllegalArgumentException.class, () -> pool.pushFront(bad, 2));
            assertRejectedUnchanged(pool, IllegalArgumentException.class, () -> pool.remove(bad, 1));
            assertRejectedUnchanged(pool, IllegalArgumentException.class, () -> pool.next(bad, 1));
            assertRejectedUnchanged(pool, IllegalArgumentException.class, () -> pool.previous(bad, 1));
            assertRejectedUnchanged(pool, IllegalArgumentException.class, () -> pool.insertBefore(bad, 1, 2));
            assertRejectedUnchanged(pool, IllegalArgumentException.class, () -> pool.insertAfter(bad, 1, 2));
            assertRejectedUnchanged(pool, IllegalArgumentException.class, () -> pool.popFront(bad));
            assertRejectedUnchanged(pool, IllegalArgumentException.class, () -> pool.clear(bad));
            assertRejectedUnchanged(pool, IllegalArgumentException.class, () -> pool.contains(bad, 1));
            assertRejectedUnchanged(pool, IllegalArgumentException.class, () -> pool.first(bad));
            assertRejectedUnchanged(pool, IllegalArgumentException.class, () -> pool.last(bad));
            assertRejectedUnchanged(pool, IllegalArgumentException.class, () -> pool.size(bad));
            assertRejectedUnchanged(pool, IllegalArgumentException.class, () -> pool.channelOf(bad));
        }
        // An unknown list must be refused before the element is looked at, so no growth either.
        assertRejectedUnchanged(pool, IllegalArgumentException.class, () -> pool.pushBack(missing, 1_000));
        assertEquals(8, pool.idCapacity());
    }

    @Test
    void negativeElementsAreRejected() {
        IntrusiveListPool pool = new IntrusiveListPool("negative", 8, 2, GrowthPolicy.GROW);
        int a = pool.newList(0);
        pool.pushBack(a, 1);
        assertRejectedUnchanged(pool, IllegalArgumentException.class, () -> pool.pushBack(a, -1));
        assertRejectedUnchanged(pool, IllegalArgumentException.class, () -> pool.pushFront(a, -7));
        assertRejectedUnchanged(pool, IllegalArgumentException.class, () -> pool.insertBefore(a, 1, -1));
        assertRejectedUnchanged(pool, IllegalArgumentException.class, () -> pool.insertAfter(a, 1, -1));
        assertRejectedUnchanged(pool, IllegalArgumentException.class, () -> pool.unlinkAll(-1));
        assertRejectedUnchanged(pool, IllegalArgumentException.class, () -> pool.listOf(-1, 0));
        assertRejectedUnchanged(pool, IllegalArgumentException.class,
                () -> pool.pushBack(a, Integer.MIN_VALUE));
        // A negative element can never be a member, so asking to remove one is the non-member error.
        assertRejectedUnchanged(pool, IllegalStateException.class, () -> pool.remove(a, -1));
    }

    @Test
    void badChannelsAndConstructorArgumentsAreRejected() {
        IntrusiveListPool pool = new IntrusiveListPool("channels", 8, 2, GrowthPolicy.FAIL);
        assertRejectedUnchanged(pool, IndexOutOfBoundsException.class, () -> pool.newList(2));
        assertRejectedUnchanged(pool, IndexOutOfBoundsException.class, () -> pool.newList(-1));
        assertRejectedUnchanged(pool, IndexOutOfBoundsException.class, () -> pool.listOf(0, 2));
        assertEquals(0, pool.listCount());

        assertThrows(IllegalArgumentException.class, () -> new IntrusiveListPool("x", 4, 0, GrowthPolicy.GROW));
        assertThrows(IllegalArgumentException.class, () -> new IntrusiveListPool("x", -1, 1, GrowthPolicy.GROW));
        // Each element needs several ints per channel, so a capacity that fits an int can still need too large an
        // array: that must be refused up front (as a bad argument or a capacity problem), not by an overflowed size.
        RuntimeException tooLarge = assertThrows(RuntimeException.class,
                () -> new IntrusiveListPool("x", Integer.MAX_VALUE / 2, 4, GrowthPolicy.GROW));
        assertTrue(tooLarge instanceof IllegalArgumentException || tooLarge instanceof CapacityExceededException,
                tooLarge.toString());
        RuntimeException tooManyChannels = assertThrows(RuntimeException.class,
                () -> new IntrusiveListPool("x", 1 << 20, 1 << 11, GrowthPolicy.GROW));
        assertTrue(tooManyChannels instanceof IllegalArgumentException
                || tooManyChannels instanceof CapacityExceededException, tooManyChannels.toString());
        assertThrows(NullPointerException.class, () -> new IntrusiveListPool(null, 4, 1, GrowthPolicy.GROW));
        assertThrows(NullPointerException.class, () -> new IntrusiveListPool("x", 4, 1, null));
    }

    @Test
    void manyListsBeyondTheInitialListTableStayIndependent() {
        IntrusiveListPool pool = new IntrusiveListPool("tables", 64, 1, GrowthPolicy.FAIL);
        int[] lists = new int[10];
        for (int i = 0; i < lists.length; i++) {
            lists[i] = pool.newList(0);
            assertEquals(i, lists[i]);
        }
        for (int i = 0; i < lists.length; i++) {
            pool.pushBack(lists[i], 2 * i);
            pool.pushBack(lists[i], 2 * i + 1);
        }
        pool.validate();
        for (int i = 0; i < lists.length; i++) {
            assertList(pool, lists[i], 2 * i, 2 * i + 1);
        }
    }
}
