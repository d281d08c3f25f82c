/**
 * The README's code, as the build compiles it: each Java block of the README names the file here (or elsewhere in
 * the samples) whose lines it shows, and {@code ReadmeSnippetsTest} keeps the two the same.
 */
package io.flatscene.samples.readme;
