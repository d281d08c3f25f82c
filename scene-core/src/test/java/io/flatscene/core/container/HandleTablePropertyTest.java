package io.flatscene.core.container;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Model-based check of {@link HandleTable}: live handles mapped to their indices, every released handle kept in a list
 * and required to stay invalid forever, and the entry reuse order (newest freed first, retired never) predicted
 * exactly, so a create that hands out a retired or wrong entry fails on the spot.
 */
class HandleTablePropertyTest {

    record Op(int kind, int arg) {
    }

    @Provide
    Arbitrary<List<Op>> operations() {
        return Combinators.combine(Arbitraries.integers().between(0, 99), Arbitraries.integers().between(0, 1 << 20))
                .as(Op::new)
                .list().ofMinSize(1000).ofMaxSize(3000);
    }

    @Provide
    Arbitrary<Integer> smallMaxVersion() {
        return Arbitraries.integers().between(1, 4);
    }

    @Provide
    Arbitrary<Integer> anyMaxVersion() {
        return Arbitraries.of(1, 2, 3, 5, 8, HandleTable.MAX_VERSION);
    }

    /** Small maximum versions, so that retirement happens many times within one sequence. */
    @Property(tries = 25, shrinking = ShrinkingMode.BOUNDED)
    void retiringTableMatchesModel(@ForAll("operations") List<Op> ops, @ForAll("smallMaxVersion") int maxVersion) {
        Model model = run(ops, maxVersion);
        // Guards the test itself: a sequence that never retires anything would not exercise retirement.
        assertTrue(model.retired.size() > 0, "no entry retired in " + ops.size() + " operations");
    }

    @Property(tries = 25, shrinking = ShrinkingMode.BOUNDED)
    void tableMatchesModel(@ForAll("operations") List<Op> ops, @ForAll("anyMaxVersion") int maxVersion) {
        run(ops, maxVersion);
    }

    private static final class Model {
        final HandleTable table;
        final int maxVersion;
        final Map<Long, Integer> live = new HashMap<>();
        /** The live handles again, for picking one by position; removal swaps with the last. */
        final List<Long> liveList = new ArrayList<>();
        final List<Long> released = new ArrayList<>();
        final Deque<Integer> freed = new ArrayDeque<>();
        final Map<Integer, Integer> versions = new HashMap<>();
        final Set<Integer> retired = new HashSet<>();
        int entries;
        int checks;

        Model(HandleTable table, int maxVersion) {
            this.table = table;
            this.maxVersion = maxVersion;
        }

        long create(int index) {
            int expectedId = freed.isEmpty() ? entries++ : freed.pop();
            int expectedVersion = versions.getOrDefault(expectedId, 1);
            long h = table.create(index);
            assertEquals(expectedId, HandleTable.idOf(h), "entry chosen for create");
            assertEquals(expectedVersion, HandleTable.versionOf(h), "version issued by create");
            assertFalse(retired.contains(expectedId));
            versions.put(expectedId, expectedVersion);
            live.put(h, index);
            liveList.add(h);
            return h;
        }

        void release(long h) {
            table.release(h);
            live.remove(h);
            int at = liveList.indexOf(h);
            liveList.set(at, liveList.get(liveList.size() - 1));
            liveList.remove(liveList.size() - 1);
            released.add(h);
            int id = HandleTable.idOf(h);
            int version = HandleTable.versionOf(h);
            if (version >= maxVersion) {
                retired.add(id);
            } else {
                versions.put(id, version + 1);
                freed.push(id);
            }
        }

        long pick(int arg) {
            return liveList.get(arg % liveList.size());
        }
    }

    private static Model run(List<Op> ops, int maxVersion) {
        Model m = new Model(new HandleTable("prop.handles", 2, GrowthPolicy.GROW, maxVersion), maxVersion);
        HandleTable table = m.table;
        for (Op op : ops) {
            int k = op.kind();
            int arg = op.arg();
            if (k < 45) {
                m.create(arg % 1000);
            } else if (k < 75) {
                if (!m.live.isEmpty()) {
                    m.release(m.pick(arg));
                }
            } else if (k < 88) {
                if (!m.live.isEmpty()) {
                    long h = m.pick(arg);
                    int index = arg % 997;
                    table.setIndex(h, index);
                    m.live.put(h, index);
                }
            } else if (k < 93) {
                rejectedCall(table, m, arg);
            } else if (k < 96) {
                probeNeighbors(table, m, arg);
            } else {
                // A burst of short-lived objects: each one reuses the entry the previous one freed, which is how
                // a real game exhausts an entry's versions.
                int burst = 1 + arg % 6;
                for (int i = 0; i < burst; i++) {
                    long h = m.create(i);
                    check(table, m);
                    m.release(h);
                    check(table, m);
                }
            }
            check(table, m);
        }
        for (long r : m.released) {
            assertFalse(table.isValid(r), "released handle " + HandleTable.describe(r) + " came back to life");
        }
        return m;
    }

    /** Handles a careless caller might hold: neighbors of real ones in id and version. */
    private static void probeNeighbors(HandleTable table, Model m, int arg) {
        long base = m.released.isEmpty() ? HandleTable.NULL : m.released.get(arg % m.released.size());
        int id = HandleTable.idOf(base);
        int version = HandleTable.versionOf(base);
        for (long probe : new long[] {
            base,
            HandleTable.pack(id, version - 1),
            HandleTable.pack(id, version + 1),
            HandleTable.pack(id + 1, version),
            HandleTable.pack(m.entries, 1),
            HandleTable.pack(id, HandleTable.RETIRED),
        }) {
            boolean expected = m.live.containsKey(probe);
            assertEquals(expected, table.isValid(probe), HandleTable.describe(probe));
            assertEquals(expected ? m.live.get(probe) : -1, table.indexOf(probe));
        }
    }

    private static void rejectedCall(HandleTable table, Model m, int arg) {
        switch (arg % 3) {
            case 0 -> {
                if (!m.released.isEmpty()) {
                    long stale = m.released.get((arg / 3) % m.released.size());
                    assertThrows(IllegalStateException.class, () -> table.release(stale));
                    assertThrows(IllegalStateException.class, () -> table.setIndex(stale, 1));
                    assertThrows(IllegalStateException.class, () -> table.requireIndex(stale));
                }
            }
            case 1 -> {
                if (!m.live.isEmpty()) {
                    long h = m.pick(arg / 3);
                    int bad = -1 - (arg / 3) % 100;
                    assertThrows(IllegalArgumentException.class, () -> table.setIndex(h, bad));
                }
            }
            default -> assertThrows(IllegalArgumentException.class, () -> table.create(-1 - (arg / 3) % 100));
        }
    }

    private static void check(HandleTable table, Model m) {
        table.validate();
        assertEquals(m.live.size(), table.size());
        assertEquals(m.retired.size(), table.retiredCount());
        for (Map.Entry<Long, Integer> e : m.live.entrySet()) {
            assertEquals((int) e.getValue(), table.indexOf(e.getKey()), HandleTable.describe(e.getKey()));
        }
        // Checking every released handle after every op is quadratic; the recent ones are the likely victims of
        // a reuse bug, and a periodic full sweep (and one at the end of the run) catches the rest.
        int from = m.checks++ % 64 == 0 ? 0 : Math.max(0, m.released.size() - 64);
        for (int i = from; i < m.released.size(); i++) {
            long r = m.released.get(i);
            assertFalse(table.isValid(r), "released handle " + HandleTable.describe(r) + " came back to life");
        }
        assertFalse(table.isValid(HandleTable.NULL));
    }
}
