-- Which address made each throttled attempt: a sign-in's success takes back its own address's failures, never a stranger's (auth/throttle.ts clearOwnFailures).
ALTER TABLE `login_attempts` ADD `client` text;
