/**
 * Selectors from one Java source file ({@code --policy file:Clock.java}): compiled at run time by
 * the JDK's compiler, cached by the source's SHA-256, and offered to the core's selector registry
 * as a {@link dev.bufmgr.core.evict.SelectorSource}. The core knows nothing of compilers.
 */
package dev.bufmgr.policyfile;
