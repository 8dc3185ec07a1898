package dev.bufmgr.app.cli;

import dev.bufmgr.conformance.Check;
import dev.bufmgr.conformance.PolicyChecks;
import dev.bufmgr.core.evict.SelectorRegistry;
import dev.bufmgr.core.params.Spec;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bufmgr check-policy PATH.java[:key=value,...]}: compiles a policy file (module {@code
 * bufmgr-policy-file}, through the registry) and runs against it what every selector module's
 * tests run ({@link PolicyChecks}: the conformance checks, the near-all-pinned run, a short stress
 * run), printing each check passed or failed with its message. Exit status 0 when all pass, 1
 * when any fails, 2 when the file cannot be read or compiled (one line per compiler error).
 */
@Command(
    name = "check-policy",
    mixinStandardHelpOptions = true,
    description = "Runs the selector checks (conformance, near all pinned, stress) against a policy in one Java file.")
public final class CheckPolicyCommand implements Callable<Integer> {
  private static final Duration CHECK_LIMIT = Duration.ofSeconds(60);

  @picocli.CommandLine.Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "POLICY", description = "The policy file, PATH.java, with its parameters if any: PATH.java:key=value,...")
  String policy;

  @Option(names = "--stress-ops", defaultValue = "20000",
      description = "Operations per thread of the stress run, 4 threads (default: ${DEFAULT-VALUE}).")
  long stressOps;

  @Override
  public Integer call() {
    if (stressOps < 1_000 || stressOps > 100_000_000) {
      throw new CliFailure("--stress-ops must lie in [1000, 100000000], got " + stressOps);
    }
    if (!policy.split(":", 2)[0].endsWith(".java")) {
      throw new CliFailure("check-policy '" + policy + "': the policy is a Java source file, PATH.java[:key=value,...]");
    }
    SelectorRegistry registry = SelectorRegistry.load();
    Spec parsed = Spec.parse("check-policy", "file:" + policy);
    registry.validate(parsed);
    String selector = parsed.toString();
    PrintWriter out = spec.commandLine().getOut();
    List<Check> checks = PolicyChecks.of(registry, selector, stressOps);
    int failed = 0;
    for (Check c : checks) {
      PolicyChecks.Outcome o = PolicyChecks.run(c, CHECK_LIMIT);
      if (o.passed()) {
        out.printf(Locale.ROOT, "pass  %s (%d ms)%n", o.name(), o.millis());
      } else {
        failed++;
        out.printf(Locale.ROOT, "FAIL  %s: %s%n", o.name(), FailureHandler.printable(o.failure()));
      }
      out.flush();
    }
    out.printf(Locale.ROOT, "%s: %d of %d checks passed%n", selector, checks.size() - failed, checks.size());
    out.flush();
    return failed == 0 ? 0 : BufmgrCommand.EXIT_FAILED;
  }
}
