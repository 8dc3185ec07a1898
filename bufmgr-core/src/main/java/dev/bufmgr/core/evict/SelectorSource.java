package dev.bufmgr.core.evict;

import dev.bufmgr.core.params.ComponentSource;

/**
 * Makes selectors from references, for selector names of the form {@code PREFIX:REFERENCE}: found
 * by {@link SelectorRegistry#load} as a {@link java.util.ServiceLoader} service (a module lists
 * it in {@code META-INF/services/dev.bufmgr.core.evict.SelectorSource}). The module {@code
 * bufmgr-policy-file} offers {@code file:PATH.java}, a selector compiled from one source file; the
 * core knows nothing of how a source makes its selectors.
 */
public interface SelectorSource extends ComponentSource<SelectorFactory> {}
