package dev.bufmgr.app.docs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import picocli.CommandLine;

/**
 * What a documented shell command may be: {@code ./bufmgr} with a subcommand the program has
 * (nested ones such as {@code experiment NAME} followed) and only flags that subcommand's
 * {@code --help} lists; {@code ./bufmgr bench} with the flags of the script it runs; a file of
 * the repository ({@code ./mvnw}, {@code scripts/...}); or one of a few outside tools the pages
 * name on purpose.
 */
record CommandCatalog(CommandLine program, List<String> benchFlags, Path root) {
  /** Tools outside the repository that the pages show on purpose (a peer, Spark, a shell builtin). */
  private static final Set<String> OUTSIDE_TOOLS =
      Set.of("git", "cd", "cachesim", "spark-submit", "$JAVA", "python3", "duckdb", "sudo", "apt-get", "pip");

  static CommandCatalog of(CommandLine program, List<String> benchFlags, Path root) {
    return new CommandCatalog(program, benchFlags, root);
  }

  /** Why {@code command} is not one the program or the repository has, or null when it is. */
  String problemWith(String command) {
    List<String> words = words(command);
    while (!words.isEmpty() && words.getFirst().matches("[A-Za-z_][A-Za-z0-9_]*=.*")) words.removeFirst(); // VAR=value
    if (words.isEmpty()) return null;
    String first = words.getFirst();
    if (first.equals("./bufmgr") || first.equals("bufmgr")) return problemWithBufmgr(words.subList(1, words.size()));
    if (OUTSIDE_TOOLS.contains(first)) return null;
    if (first.contains("/")) return Files.exists(root.resolve(first).normalize()) ? null : "no file " + first + " in the repository";
    return "'" + first + "' is neither ./bufmgr, a file of the repository nor a named outside tool";
  }

  private String problemWithBufmgr(List<String> args) {
    if (args.isEmpty()) return "no subcommand";
    String name = args.getFirst();
    if (name.equals("bench")) return unknownFlags(args.subList(1, args.size()), benchFlags::contains, "bench");
    CommandLine command = program.getSubcommands().get(name);
    if (command == null) return "no subcommand '" + name + "' (bufmgr --help lists " + program.getSubcommands().keySet() + ")";
    String path = name;
    int i = 1;
    while (i < args.size() && command.getSubcommands().containsKey(args.get(i))) {
      path += " " + args.get(i);
      command = command.getSubcommands().get(args.get(i++));
    }
    if (!command.getSubcommands().isEmpty() && (i >= args.size() || !args.get(i).startsWith("-"))
        && i < args.size() && !args.get(i).startsWith("[")) {
      return "no subcommand '" + args.get(i) + "' of " + path;
    }
    CommandLine.Model.CommandSpec spec = command.getCommandSpec();
    return unknownFlags(args.subList(i, args.size()), flag -> spec.findOption(flag) != null, path);
  }

  private static String unknownFlags(List<String> args, java.util.function.Predicate<String> known, String path) {
    List<String> unknown = new ArrayList<>();
    for (String arg : args) {
      String word = arg.replaceAll("^[\\[(\"']+", "");
      if (!word.startsWith("--")) continue;
      String flag = word.replaceAll("[=\\]\\)\"',|].*$", "");
      if (flag.equals("--help") || flag.equals("--version")) continue;
      if (!known.test(flag)) unknown.add(flag);
    }
    return unknown.isEmpty() ? null : path + " has no flag " + String.join(", ", unknown);
  }

  /** The command's words, quotes kept out of splitting (a quoted argument is one word). */
  private static List<String> words(String command) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    char quote = 0;
    for (char c : command.toCharArray()) {
      if (quote != 0) {
        if (c == quote) quote = 0;
        word.append(c);
      } else if (c == '\'' || c == '"') {
        quote = c;
        word.append(c);
      } else if (Character.isWhitespace(c)) {
        if (!word.isEmpty()) words.add(word.toString());
        word.setLength(0);
      } else {
        word.append(c);
      }
    }
    if (!word.isEmpty()) words.add(word.toString());
    return words;
  }
}
