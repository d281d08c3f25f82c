package io.flatscene.core.container;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Random operation sequences against a {@link HashMap} from id to its column values. Each sort is checked for key
 * order and for values staying attached to their ids, and the three sorts are run on identical copies to show they
 * agree on the key sequence.
 */
class SparseSetPropertyTest {
    private static final Float[] FLOATS = {-0.0f, 0.0f, 1.5f, -2f, Float.NaN, 3f, Float.NEGATIVE_INFINITY, 0.25f};

    record Vals(int i, float f, long l, String s) {
        static final Vals DEFAULT = new Vals(0, 0f, 0L, null);
    }

    /** What a sort compares on: each column, or the id itself. */
    enum Key {
        INT, FLOAT, LONG, STRING, ID
    }

    enum SortKind {
        IN_PLACE, PERMUTATION, MIXED, BY_COLUMN
    }

    @Provide
    Arbitrary<List<Integer>> operations() {
        return Arbitraries.integers().between(0, Integer.MAX_VALUE).list().ofMinSize(1000).ofMaxSize(3000);
    }

    @Property(tries = 50, shrinking = ShrinkingMode.BOUNDED)
    void behavesLikeAMapFromIdToValues(@ForAll("operations") List<Integer> ops,
            @ForAll @IntRange(min = 20, max = 50_000) int maxId,
            @ForAll @IntRange(min = 0, max = 64) int initialCapacity) {
        new Run(maxId, initialCapacity).play(ops);
    }

    /** One set with its four columns. */
    static final class Table {
        final SparseSet set;
        final IntColumn ints;
        final FloatColumn floats;
        final LongColumn longs;
        final ObjectColumn<String> strings;

        Table(String name, int capacity) {
            set = new SparseSet(name, capacity, GrowthPolicy.GROW);
            ints = set.addIntColumn();
            floats = set.addFloatColumn();
            longs = set.addLongColumn();
            strings = set.addObjectColumn();
        }

        Vals valuesAt(int p) {
            return new Vals(ints.get(p), floats.get(p), longs.get(p), strings.get(p));
        }

        void put(int p, Vals v) {
            ints.set(p, v.i());
            floats.set(p, v.f());
            longs.set(p, v.l());
            strings.set(p, v.s());
        }

        /** The key of an id as the comparator sees it: always through indexOf, as IdComparator asks. */
        Object keyOf(Key key, int id) {
            int p = set.indexOf(id);
            return switch (key) {
                case INT -> ints.get(p);
                case FLOAT -> floats.get(p);
                case LONG -> longs.get(p);
                case STRING -> strings.get(p);
                case ID -> id;
            };
        }

        IdComparator comparator(Key key) {
            return switch (key) {
                case INT -> (a, b) -> Integer.compare(ints.get(set.indexOf(a)), ints.get(set.indexOf(b)));
                case FLOAT -> (a, b) -> Float.compare(floats.get(set.indexOf(a)), floats.get(set.indexOf(b)));
                case LONG -> (a, b) -> Long.compare(longs.get(set.indexOf(a)), longs.get(set.indexOf(b)));
                case STRING -> (a, b) -> Objects.compare(strings.get(set.indexOf(a)), strings.get(set.indexOf(b)),
                        Comparator.nullsFirst(Comparator.naturalOrder()));
                case ID -> Integer::compare;
            };
        }

        void sort(SortKind kind, Key key) {
            IdComparator order = comparator(key);
            switch (kind) {
                case IN_PLACE -> set.sortInPlace(order);
                case PERMUTATION -> set.sortByPermutation(order);
                case MIXED -> set.sort(order);
                case BY_COLUMN -> {
                    switch (key) {
                        case INT -> set.sortBy(ints);
                        case FLOAT -> set.sortBy(floats);
                        case LONG -> set.sortBy(longs);
                        // the radix sorts take primitive columns only; these keys check the others against each other
                        case STRING, ID -> set.sort(order);
                    }
                }
            }
        }

        List<Object> keys(Key key) {
            List<Object> out = new ArrayList<>(set.size());
            for (int p = 0; p < set.size(); p++) {
                out.add(keyOf(key, set.idAt(p)));
            }
            return out;
        }

        List<Integer> ids() {
            List<Integer> out = new ArrayList<>(set.size());
            for (int p = 0; p < set.size(); p++) {
                out.add(set.idAt(p));
            }
            return out;
        }
    }

    private static final class Run {
        final int maxId;
        final Table table;
        final Map<Integer, Vals> model = new HashMap<>();
        /** The set sortAs follows; it has no columns and is checked against its own id model. */
        final SparseSet other;
        final Set<Integer> otherModel = new HashSet<>();
        int step;
        String last = "";

        Run(int maxId, int initialCapacity) {
            this.maxId = maxId;
            this.table = new Table("main", initialCapacity);
            this.other = new SparseSet("other", 0, GrowthPolicy.GROW);
        }

        void play(List<Integer> ops) {
            for (int v : ops) {
                apply(v);
                step++;
                try {
                    table.set.validate();
                    if (last.startsWith("other") || last.equals("clear")) {
                        other.validate();
                    }
                } catch (IllegalStateException e) {
                    throw new AssertionError("validate failed after step " + step + ": " + last, e);
                }
                compare();
            }
        }

        int randomId(Random r) {
            return r.nextInt(maxId + 1);
        }

        /** Mostly an id in the set, sometimes any id (then often absent). */
        int someId(Random r) {
            SparseSet set = table.set;
            if (set.size() > 0 && r.nextInt(5) != 0) {
                return set.idAt(r.nextInt(set.size()));
            }
            return randomId(r);
        }

        Vals randomVals(Random r) {
            return new Vals(r.nextInt(11) - 5, FLOATS[r.nextInt(FLOATS.length)], r.nextInt(7) - 3L * r.nextInt(2),
                    r.nextInt(4) == 0 ? null : "s" + r.nextInt(6));
        }

        void apply(int v) {
            Random r = new Random(v);
            int op = r.nextInt(1000);
            SparseSet set = table.set;
            if (op < 300) {
                int id = randomId(r);
                last = "add " + id;
                if (model.containsKey(id)) {
                    rejected(IllegalStateException.class, () -> set.add(id));
                } else {
                    int p = set.add(id);
                    assertEquals(model.size(), p, "add appends");
                    assertEquals(Vals.DEFAULT, table.valuesAt(p), "a new id starts with defaults");
                    Vals vals = randomVals(r);
                    table.put(p, vals);
                    model.put(id, vals);
                }
            } else if (op < 480) {
                int id = someId(r);
                last = "remove " + id;
                if (model.containsKey(id)) {
                    int expected = set.indexOf(id);
                    assertEquals(expected, set.remove(id));
                    model.remove(id);
                } else {
                    rejected(IllegalStateException.class, () -> set.remove(id));
                }
            } else if (op < 620) {
                if (set.size() == 0) {
                    last = "set on empty";
                    rejected(IndexOutOfBoundsException.class, () -> table.ints.set(0, 1));
                    return;
                }
                int p = r.nextInt(set.size());
                int id = set.idAt(p);
                Vals old = model.get(id);
                Vals fresh = randomVals(r);
                Vals updated = switch (r.nextInt(4)) {
                    case 0 -> new Vals(fresh.i(), old.f(), old.l(), old.s());
                    case 1 -> new Vals(old.i(), fresh.f(), old.l(), old.s());
                    case 2 -> new Vals(old.i(), old.f(), fresh.l(), old.s());
                    default -> new Vals(old.i(), old.f(), old.l(), fresh.s());
                };
                last = "set " + id + " to " + updated;
                table.put(p, updated);
                model.put(id, updated);
            } else if (op < 800) {
                SortKind kind = SortKind.values()[r.nextInt(SortKind.values().length)];
                Key key = Key.values()[r.nextInt(Key.values().length)];
                last = "sort " + kind + " by " + key;
                sortAndCompareWithTheOtherSorts(kind, key);
            } else if (op < 880) {
                int id = r.nextInt(3) == 0 ? randomId(r) : someId(r);
                last = "other add/remove " + id;
                if (otherModel.remove(id)) {
                    other.remove(id);
                } else {
                    other.add(id);
                    otherModel.add(id);
                }
            } else if (op < 960) {
                last = "sortAs other";
                sortAs();
            } else if (op < 995) {
                last = "rejected column access";
                int size = set.size();
                rejected(IndexOutOfBoundsException.class, () -> table.ints.get(size));
                rejected(IndexOutOfBoundsException.class, () -> table.strings.set(size + r.nextInt(3), "x"));
                rejected(IllegalArgumentException.class, () -> set.add(-1 - r.nextInt(1000)));
            } else {
                last = "clear";
                set.clear();
                model.clear();
                if (r.nextBoolean()) {
                    other.clear();
                    otherModel.clear();
                }
            }
        }

        void sortAndCompareWithTheOtherSorts(SortKind kind, Key key) {
            List<Table> copies = new ArrayList<>();
            List<SortKind> kinds = new ArrayList<>();
            for (SortKind k : SortKind.values()) {
                if (k != kind) {
                    copies.add(copyOf(table));
                    kinds.add(k);
                }
            }
            table.sort(kind, key);
            checkSorted(table, key, kind);
            List<Object> keys = table.keys(key);
            Set<Integer> ids = new HashSet<>(table.ids());
            assertEquals(model.keySet(), ids, "a sort keeps exactly the ids it had");
            for (int i = 0; i < copies.size(); i++) {
                Table copy = copies.get(i);
                SortKind copyKind = kinds.get(i);
                copy.sort(copyKind, key);
                copy.set.validate();
                checkSorted(copy, key, copyKind);
                assertEquals(keys, copy.keys(key), () -> copyKind + " and " + kind + " disagree on the key order");
                assertEquals(ids, new HashSet<>(copy.ids()));
            }
        }

        Table copyOf(Table source) {
            // Sized to fit, so the copy never grows (and never logs a growth warning).
            Table copy = new Table("copy", source.set.size());
            for (int p = 0; p < source.set.size(); p++) {
                int id = source.set.idAt(p);
                copy.put(copy.set.add(id), model.get(id));
            }
            return copy;
        }

        void checkSorted(Table t, Key key, SortKind kind) {
            IdComparator order = t.comparator(key);
            for (int p = 1; p < t.set.size(); p++) {
                int a = t.set.idAt(p - 1);
                int b = t.set.idAt(p);
                int at = p;
                assertTrue(order.compare(a, b) <= 0, () -> kind + " by " + key + ": id " + a + " (" + t.keyOf(key, a)
                        + ") before id " + b + " (" + t.keyOf(key, b) + ") at position " + at + ", step " + step);
            }
            for (int p = 0; p < t.set.size(); p++) {
                int id = t.set.idAt(p);
                assertEquals(model.get(id), t.valuesAt(p), () -> kind + " by " + key + " detached id " + id);
            }
        }

        void sortAs() {
            List<Integer> before = table.ids();
            table.set.sortAs(other);
            List<Integer> shared = new ArrayList<>();
            for (int p = 0; p < other.size(); p++) {
                if (model.containsKey(other.idAt(p))) {
                    shared.add(other.idAt(p));
                }
            }
            List<Integer> after = table.ids();
            assertEquals(shared, after.subList(0, shared.size()), "shared ids lead, in the other set's order");
            assertEquals(new HashSet<>(before), new HashSet<>(after));
            for (int p = shared.size(); p < after.size(); p++) {
                int id = after.get(p);
                assertTrue(!other.contains(id), () -> "id " + id + " is shared but trails");
            }
        }

        void rejected(Class<? extends Throwable> type, Executable call) {
            int size = table.set.size();
            int pages = table.set.allocatedPages();
            assertThrows(type, call, () -> "step " + step + ": " + last);
            assertEquals(size, table.set.size());
            assertEquals(pages, table.set.allocatedPages(), "a rejected call must not allocate a page");
        }

        void compare() {
            SparseSet set = table.set;
            assertEquals(model.size(), set.size(), () -> "size after step " + step + ": " + last);
            for (int p = 0; p < set.size(); p++) {
                int id = set.idAt(p);
                int at = p;
                assertEquals(p, set.indexOf(id));
                assertEquals(model.get(id), table.valuesAt(p),
                        () -> "values of id " + id + " at " + at + " after step " + step + ": " + last);
            }
            assertEquals(otherModel.size(), other.size());
            for (int id : otherModel) {
                assertTrue(other.contains(id));
            }
        }
    }
}
