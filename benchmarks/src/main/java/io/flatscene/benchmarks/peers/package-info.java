/**
 * The systems FlatScene is measured against, each built to hold the same scene and do the same work through its own
 * public API: jMonkeyEngine 3, libGDX and an Ogre 1.x-style node registry.
 */
package io.flatscene.benchmarks.peers;
