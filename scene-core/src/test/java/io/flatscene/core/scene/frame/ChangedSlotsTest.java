package io.flatscene.core.scene.frame;

import io.flatscene.core.config.SceneConfig;
import io.flatscene.core.container.Index;
import io.flatscene.core.scene.ChangedSlots;
import io.flatscene.core.scene.SceneManager;
import io.flatscene.core.scene.SceneNode;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The changed-slot set read by words, and the pass count a copy kept by slot follows the sets with. */
class ChangedSlotsTest {

    @Test
    void eachPassCountsAndItsSetReadsByWords() {
        try (SceneManager scene = new SceneManager(SceneConfig.builder().maxNodes(300).maxItems(1).build())) {
            ChangedSlots changed = scene.changedSlots();
            long before = changed.passCount();
            SceneNode[] nodes = new SceneNode[200];
            for (int i = 0; i < nodes.length; i++) {
                nodes[i] = scene.rootNode().createChild();
            }
            scene.updateAllTransforms();
            assertEquals(before + 1, changed.passCount());
            assertEquals((changed.slotCount() + 63) / 64, changed.wordCount());

            nodes[150].setPosition(1, 2, 3);
            scene.updateAllTransforms();
            assertEquals(before + 2, changed.passCount());
            int slot = changed.nextChanged(0);
            assertEquals(1, changed.count());
            int word = changed.nextChangedWord(0);
            assertEquals(slot / 64, word);
            assertEquals(1L << (slot % 64), changed.word(word));
            assertEquals(Index.NONE, changed.nextChangedWord(word + 1));
            assertEquals(word, changed.nextChangedWord(-5), "a negative start reads from the first word");

            scene.updateAllTransforms();
            assertEquals(before + 3, changed.passCount(), "a pass that changes nothing still counts");
            assertEquals(Index.NONE, changed.nextChangedWord(0));
            assertThrows(IllegalArgumentException.class, () -> changed.word(-1));
            assertThrows(IllegalArgumentException.class, () -> changed.isChanged(-1));
            assertThrows(IllegalArgumentException.class, () -> changed.isChanged(changed.slotCount()));
            assertEquals(false, changed.isChanged(changed.slotCount() - 1));
            assertEquals(false, changed.isChanged(0));
            assertEquals(0L, changed.word(0), "a pass that changed nothing leaves every word empty");
            IllegalArgumentException past = assertThrows(IllegalArgumentException.class,
                    () -> changed.word(changed.wordCount()));
            assertTrue(past.getMessage().contains("outside [0, " + changed.wordCount() + ")"), past.getMessage());
        }
    }
}
