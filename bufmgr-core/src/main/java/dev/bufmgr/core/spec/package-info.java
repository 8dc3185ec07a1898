/**
 * Parsing of components named on the command line with parameters (release policies, devices,
 * arrival loops) and of durations written with a unit. In the core because bufmgr-wal parses its
 * specs with it and depends on the core alone.
 */
package dev.bufmgr.core.spec;
