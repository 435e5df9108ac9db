// Command guideimages draws the worked example of docs/rulesets.md: for
// each step it joins the TOML blocks of that step and the steps before (each
// step adds to the file of the step before), generates a level with a fixed
// seed, and writes docs/images/guide-step-N.png. Run it from the repository
// root after changing the guide or the generator:
//
//	go run ./tools/guideimages
package main
