/**
 * Guards for what a run writes and holds: atomic output files, temporaries removed at
 * shutdown, size checks against free heap and disk, and the operating system's reason for a failed
 * file operation. At the bottom because every module that reads inputs or writes results uses them.
 */
package dev.bufmgr.core.resource;
