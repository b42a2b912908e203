# Installs the zot binary for Windows (x64) from a release:
#
#   irm https://github.com/zot-agent/zot/releases/latest/download/install.ps1 | iex
#
# It downloads zot-x86_64-pc-windows-msvc.zip and SHA256SUMS from
# $env:ZOT_INSTALL_BASE_URL/latest/download/ (or /download/v$env:ZOT_VERSION/ when
# ZOT_VERSION is set; the base URL defaults to the project's releases page),
# refuses the archive unless its SHA-256 equals the SHA256SUMS entry for exactly
# its name, checks that zot.exe runs, and moves it into $env:ZOT_INSTALL_DIR
# (default %LOCALAPPDATA%\Programs\zot) with one rename. Any failure installs nothing.
$ErrorActionPreference = 'Stop'
Set-StrictMode -Version 3

# A throw, not exit: run through `irm … | iex`, exit would close the user's PowerShell.
function Fail([string]$Message) {
  throw "zot install: $Message"
}

$base = if ($env:ZOT_INSTALL_BASE_URL) { $env:ZOT_INSTALL_BASE_URL } else { 'https://github.com/zot-agent/zot/releases' }
$base = $base.TrimEnd('/')
# Over plain http the archive and SHA256SUMS could both be changed on the way.
if (-not ($base -match '^https://' -or $base -match '^http://(127\.0\.0\.1|localhost)(:\d+)?(/|$)')) {
  Fail "ZOT_INSTALL_BASE_URL `"$base`" must be an https URL (plain http only on 127.0.0.1)"
}
$dir = if ($env:ZOT_INSTALL_DIR) { $env:ZOT_INSTALL_DIR } else { Join-Path $env:LOCALAPPDATA 'Programs\zot' }

$arch = [System.Runtime.InteropServices.RuntimeInformation]::OSArchitecture.ToString()
if ($arch -ne 'X64') { Fail "no zot release is built for Windows $arch (build it from source: see the README's `"Install`")" }
$asset = 'zot-x86_64-pc-windows-msvc.zip'

if ($env:ZOT_VERSION) {
  if ($env:ZOT_VERSION -notmatch '^v?[0-9A-Za-z.+-]+$') { Fail "ZOT_VERSION `"$($env:ZOT_VERSION)`" is not a version (like 0.2.0)" }
  $from = "$base/download/v$($env:ZOT_VERSION.TrimStart('v'))"
} else {
  $from = "$base/latest/download"
}

$work = Join-Path ([System.IO.Path]::GetTempPath()) ("zot-install-" + [guid]::NewGuid().ToString('N'))
New-Item -ItemType Directory -Path $work | Out-Null
$staged = $null
try {
  $ProgressPreference = 'SilentlyContinue'
  try { Invoke-WebRequest -UseBasicParsing -Uri "$from/$asset" -OutFile (Join-Path $work $asset) }
  catch { Fail "cannot download $from/$asset ($($_.Exception.Message))" }
  try { Invoke-WebRequest -UseBasicParsing -Uri "$from/SHA256SUMS" -OutFile (Join-Path $work 'SHA256SUMS') }
  catch { Fail "cannot download $from/SHA256SUMS ($($_.Exception.Message))" }

  # The entry for exactly this asset name ("name" or "*name"); two different ones refuse it.
  $want = @(Get-Content (Join-Path $work 'SHA256SUMS') | ForEach-Object {
      if ($_ -match '^([0-9a-fA-F]{64}) [ *](.+?)\r?$' -and $Matches[2] -ceq $asset) { $Matches[1].ToLowerInvariant() }
    } | Sort-Object -Unique)
  if ($want.Count -ne 1) { Fail "SHA256SUMS has no single valid entry for ${asset}: refusing to install it" }
  $got = (Get-FileHash -Algorithm SHA256 (Join-Path $work $asset)).Hash.ToLowerInvariant()
  if ($got -ne $want[0]) {
    Fail "the checksum of $asset does not match SHA256SUMS (expected $($want[0]), got $got): refusing to install it"
  }

  Add-Type -AssemblyName System.IO.Compression.FileSystem
  $zip = [System.IO.Compression.ZipFile]::OpenRead((Join-Path $work $asset))
  try {
    $entry = $zip.Entries | Where-Object { $_.FullName -ceq 'zot.exe' } | Select-Object -First 1
    if (-not $entry) { Fail "$asset holds no zot.exe" }
    $exe = Join-Path $work 'zot.exe'
    [System.IO.Compression.ZipFileExtensions]::ExtractToFile($entry, $exe)
  } finally { $zip.Dispose() }
  $version = & $exe --version
  if ($LASTEXITCODE -ne 0) { Fail 'the downloaded zot.exe does not run on this machine' }

  try { New-Item -ItemType Directory -Force -Path $dir | Out-Null }
  catch { Fail "cannot create $dir (set ZOT_INSTALL_DIR to a directory you can write)" }
  # Staged beside the target so the rename is atomic; a running zot.exe steps aside first.
  $target = Join-Path $dir 'zot.exe'
  $staged = Join-Path $dir (".zot.new." + [guid]::NewGuid().ToString('N') + '.exe')
  try { Copy-Item $exe $staged } catch { Fail "cannot write to $dir (set ZOT_INSTALL_DIR to a directory you can write)" }
  $aside = "$target.old"
  if (Test-Path $target) {
    Remove-Item -Force $aside -ErrorAction SilentlyContinue
    Move-Item -Force $target $aside
  }
  try { Move-Item $staged $target; $staged = $null }
  catch {
    if (Test-Path $aside) { Move-Item -Force $aside $target }
    Fail "cannot replace $target ($($_.Exception.Message))"
  }
  Remove-Item -Force $aside -ErrorAction SilentlyContinue

  Write-Output "Installed zot $version to $target"
  $userPath = [Environment]::GetEnvironmentVariable('Path', 'User')
  if (-not (($userPath -split ';') -contains $dir)) {
    Write-Output "$dir is not on your PATH. Add it (then open a new terminal):"
    Write-Output "  [Environment]::SetEnvironmentVariable('Path', `"$dir;`" + [Environment]::GetEnvironmentVariable('Path', 'User'), 'User')"
  }
} finally {
  if ($staged) { Remove-Item -Force $staged -ErrorAction SilentlyContinue }
  Remove-Item -Recurse -Force $work -ErrorAction SilentlyContinue
}
