/**
 * The {@code bufmgr} program's picocli commands and their shared options. User errors end in one
 * line and exit status 2. Commands parse and report; the work is the modules' below.
 */
package dev.bufmgr.app.cli;
