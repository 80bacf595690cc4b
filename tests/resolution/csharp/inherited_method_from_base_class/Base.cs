namespace App
{
    public class Base
    {
        protected void Log(string msg) { }
    }
}
