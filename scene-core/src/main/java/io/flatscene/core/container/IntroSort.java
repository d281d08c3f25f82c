package io.flatscene.core.container;

/**
 * An unstable introsort of an int array under an {@link IdComparator}: quicksort with a median-of-three pivot,
 * heapsort past a depth of 2·log2(n) so the worst case stays O(n log n), insertion sort for short ranges.
 *
 * <p>Every move is a swap reported to an optional {@link Swaps} listener: that is what lets
 * {@link SparseSet#sortInPlace} carry the sparse array and every column along with the ids (EnTT's article on sorting
 * sparse sets, see docs/references.md: "roll your own sorting algorithm and take control of the section where
 * elements are moved"). With no listener it is a plain primitive sort that allocates nothing.
 */
final class IntroSort {
    private static final int INSERTION_THRESHOLD = 16;

    /** Told of every swap of two positions of the sorted array, after the array itself was swapped. */
    interface Swaps {
        void swapped(int i, int j);
    }

    private IntroSort() {
    }

    static void sort(int[] a, int length, IdComparator order, Swaps listener) {
        if (length > 1) {
            int depthLimit = 2 * (31 - Integer.numberOfLeadingZeros(length));
            quickSort(a, 0, length - 1, depthLimit, order, listener);
        }
    }

    private static void quickSort(int[] a, int lo, int hi, int depthLimit, IdComparator order, Swaps listener) {
        while (hi - lo >= INSERTION_THRESHOLD) {
            if (depthLimit-- == 0) {
                heapSort(a, lo, hi, order, listener);
                return;
            }
            int split = partition(a, lo, hi, order, listener);
            // Recurse into the smaller side and loop on the larger, so the stack stays O(log n).
            if (split - lo < hi - split) {
                quickSort(a, lo, split, depthLimit, order, listener);
                lo = split + 1;
            } else {
                quickSort(a, split + 1, hi, depthLimit, order, listener);
                hi = split;
            }
        }
        insertionSort(a, lo, hi, order, listener);
    }

    /** Hoare partition around the median of a[lo], a[mid], a[hi]; returns j with a[lo..j] <= pivot <= a[j+1..hi]. */
    private static int partition(int[] a, int lo, int hi, IdComparator order, Swaps listener) {
        int mid = (lo + hi) >>> 1;
        if (order.compare(a[mid], a[lo]) < 0) {
            swap(a, mid, lo, listener);
        }
        if (order.compare(a[hi], a[lo]) < 0) {
            swap(a, hi, lo, listener);
        }
        if (order.compare(a[hi], a[mid]) < 0) {
            swap(a, hi, mid, listener);
        }
        int pivot = a[mid];
        int i = lo - 1;
        int j = hi + 1;
        while (true) {
            do {
                i++;
            } while (order.compare(a[i], pivot) < 0);
            do {
                j--;
            } while (order.compare(a[j], pivot) > 0);
            if (i >= j) {
                return j;
            }
            swap(a, i, j, listener);
        }
    }

    private static void insertionSort(int[] a, int lo, int hi, IdComparator order, Swaps listener) {
        for (int i = lo + 1; i <= hi; i++) {
            for (int j = i; j > lo && order.compare(a[j], a[j - 1]) < 0; j--) {
                swap(a, j, j - 1, listener);
            }
        }
    }

    private static void heapSort(int[] a, int lo, int hi, IdComparator order, Swaps listener) {
        int n = hi - lo + 1;
        for (int root = n / 2 - 1; root >= 0; root--) {
            siftDown(a, lo, root, n, order, listener);
        }
        for (int end = n - 1; end > 0; end--) {
            swap(a, lo, lo + end, listener);
            siftDown(a, lo, 0, end, order, listener);
        }
    }

    private static void siftDown(int[] a, int lo, int root, int n, IdComparator order, Swaps listener) {
        while (true) {
            int child = 2 * root + 1;
            if (child >= n) {
                return;
            }
            if (child + 1 < n && order.compare(a[lo + child], a[lo + child + 1]) < 0) {
                child++;
            }
            if (order.compare(a[lo + root], a[lo + child]) >= 0) {
                return;
            }
            swap(a, lo + root, lo + child, listener);
            root = child;
        }
    }

    private static void swap(int[] a, int i, int j, Swaps listener) {
        int held = a[i];
        a[i] = a[j];
        a[j] = held;
        if (listener != null) {
            listener.swapped(i, j);
        }
    }
}
