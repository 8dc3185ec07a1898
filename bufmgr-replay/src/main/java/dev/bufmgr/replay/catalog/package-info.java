/**
 * Resolves {@code --policy NAME[:key=value,...]} to a baseline or a registered selector. A package
 * of its own above both kinds of policy, so that neither the baselines nor the replay core imports
 * the other.
 */
package dev.bufmgr.replay.catalog;
