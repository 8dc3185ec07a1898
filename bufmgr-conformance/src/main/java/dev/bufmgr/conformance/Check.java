package dev.bufmgr.conformance;

/**
 * One named check of a selector, ready to run: {@link Expect.Body#run} throws {@link
 * CheckFailed} (or the selector's own error) when the property does not hold.
 *
 * @param name what is checked, the suite's method name and its variant
 * @param body the check
 */
public record Check(String name, Expect.Body body) {}
